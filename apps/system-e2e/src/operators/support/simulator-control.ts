import { magicNumber, TEST_SCENARIO_CODES, TestScenario } from '@momo/contracts';
/** The operator simulator's control API, as tests use it (see docs/simulator.md). */

export interface SimRecord {
  operator: 'mtn' | 'airtel';
  reference: string;
  kind: 'collection' | 'transfer' | 'refund';
  externalId: string | null;
  operatorTxnId: string;
  msisdn: string;
  amount: number;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

export interface SimCounts {
  requests: Record<string, number>;
  movements: number;
}

export class SimulatorControl {
  constructor(private readonly baseUrl: string) {}

  async transactions(id: string): Promise<SimRecord[]> {
    return this.get(`/control/transactions/${id}`);
  }

  /** The simulated operator's one record for our transaction id (undefined: it never got it). */
  async record(id: string): Promise<SimRecord | undefined> {
    const records = await this.transactions(id);
    if (records.length > 1) throw new Error(`the simulator holds ${records.length} transactions for ${id}`);
    return records[0];
  }

  counts(id: string): Promise<SimCounts> {
    return this.get(`/control/counts/${id}`);
  }

  /** Status, record count and money movements for many of our ids in one call. */
  async summaries(ids: string[]): Promise<Record<string, { status: SimRecord['status'] | null; records: number; movements: number }>> {
    const res = await fetch(`${this.baseUrl}/control/summaries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ids }) });
    if (res.status !== 200) throw new Error(`summaries: HTTP ${res.status}`);
    return (await res.json()) as never;
  }

  requests(reference: string): Promise<{ operation: string; method: string; status: number }[]> {
    return this.get(`/control/requests?reference=${encodeURIComponent(reference)}`);
  }

  async setScenario(msisdn: string, scenario: string): Promise<void> {
    const res = await fetch(`${this.baseUrl}/control/scenarios/${msisdn}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario }),
    });
    if (res.status !== 204) throw new Error(`setScenario: HTTP ${res.status} ${await res.text()}`);
  }

  async clearScenario(msisdn: string): Promise<void> {
    const res = await fetch(`${this.baseUrl}/control/scenarios/${msisdn}`, { method: 'DELETE' });
    if (res.status !== 204) throw new Error(`clearScenario: HTTP ${res.status} ${await res.text()}`);
  }

  async accounts(operator: 'mtn' | 'airtel'): Promise<{ collection: number; disbursement: number }> {
    return this.get(`/control/accounts/${operator}`);
  }

  async wallet(operator: 'mtn' | 'airtel', msisdn: string): Promise<number> {
    return (await this.get<{ balance: number }>(`/control/wallets/${operator}/${msisdn}`)).balance;
  }

  private async get<T>(path: string): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`);
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }
}

/** Scenario codes by name (the catalog is in libs/contracts). */
export const SCENARIO_CODES = TEST_SCENARIO_CODES;
export type ScenarioName = TestScenario;
export { magicNumber };
