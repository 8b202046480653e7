import { EVENT_HEADER, SIGNATURE_HEADER, TransactionView, verifySignature } from '@momo/contracts';
import { startTestSystem, TestSystem, waitFor } from '@momo/testing';
import { magicNumber, ScenarioName, SimRecord, SimulatorControl } from './simulator-control';

type Network = 'mtn' | 'airtel';

/** Timings short enough for tests, long enough to tell the scenarios apart. */
export const CONTRACT_ENV = {
  // The machine's Postgres is shared (100 connections): small pools per process.
  '*': { DATABASE_POOL_SIZE: '3' },
  'operator-simulator': {
    SIMULATOR_DATABASE_POOL_SIZE: '3',
    APPROVAL_DELAY_MS: '300',
    DELAYED_APPROVAL_MS: '3000',
    PROMPT_WINDOW_MS: '1500',
    EARLY_CALLBACK_LEAD_MS: '2500',
    SLOW_ANSWER_MS: '3000',
    RETRY_AFTER_SECONDS: '7',
    PER_TRANSACTION_LIMIT: '500000',
    DAILY_LIMIT: '1000000',
  },
  'operator-adapter': { OPERATOR_TIMEOUT_MS: '1500', UNRECEIVED_GIVE_UP_SECONDS: '8' },
  reconciler: { MIN_AGE_SECONDS: '1', SWEEP_INTERVAL_MS: '500' },
};

interface Expectation {
  /** The merchant's HTTP answer to POST /v1/payments. */
  http: number;
  code?: string;
  retryAfter?: string;
  /** The final status the merchant sees (null: stays pending). */
  status: 'succeeded' | 'failed' | null;
  failureCode?: string;
  /** Callbacks the operator sends for it. */
  callbacks?: number;
  /** Money movements at the operator. */
  movements: number;
}

function expectations(network: Network): Record<ScenarioName, Expectation> {
  return {
    approve: { http: 201, status: 'succeeded', callbacks: 1, movements: 1 },
    approve_delayed: { http: 201, status: 'succeeded', callbacks: 1, movements: 1 },
    stay_pending: { http: 201, status: null, callbacks: 0, movements: 0 },
    expire: { http: 201, status: 'failed', failureCode: 'EXPIRED', movements: 0 },
    decline: { http: 201, status: 'failed', failureCode: 'DECLINED', movements: 0 },
    // MTN does not tell a wrong PIN from other non-approvals; Airtel does.
    wrong_pin: { http: 201, status: 'failed', failureCode: network === 'mtn' ? 'DECLINED' : 'WRONG_PIN', movements: 0 },
    insufficient_funds: { http: 201, status: 'failed', failureCode: 'INSUFFICIENT_FUNDS', movements: 0 },
    no_callback: { http: 201, status: 'succeeded', callbacks: 0, movements: 1 },
    duplicate_callbacks: { http: 201, status: 'succeeded', callbacks: 3, movements: 1 },
    early_callback: { http: 201, status: 'succeeded', callbacks: 2, movements: 1 },
    http_500: { http: 502, code: 'OPERATOR_ERROR', status: 'failed', failureCode: 'NOT_RECEIVED', movements: 0 },
    http_503: { http: 503, code: 'OPERATOR_UNAVAILABLE', retryAfter: '7', status: 'failed', failureCode: 'OPERATOR_UNAVAILABLE', movements: 0 },
    http_429: { http: 429, code: 'RATE_LIMITED', retryAfter: '7', status: 'failed', failureCode: 'OPERATOR_RATE_LIMITED', movements: 0 },
    slow_answer: { http: 201, status: 'succeeded', movements: 1 },
  };
}

interface Created {
  scenario: ScenarioName;
  status: number;
  headers: Headers;
  body: { success?: boolean; data?: TransactionView; code?: string; message?: string; details?: { transaction_id?: string } };
  id: string;
}

/**
 * The contract of one operator adapter against the simulator, through the whole stack: for every
 * scenario the merchant sees the right HTTP answer, final status, failure_code and webhook, and
 * the operator moved money at most once.
 */
export function describeCollectionContract(network: Network): void {
  const prefix = network === 'mtn' ? '8' : '2';
  const provider = network === 'mtn' ? 'mtn_momo' : 'airtel_money';

  describe(`${network} collections against the simulator, whole stack`, () => {
    let system: TestSystem;
    let sim: SimulatorControl;
    const created = new Map<ScenarioName, Created>();
    const all: string[] = [];

    const pay = async (msisdn: string, amount = 1_500) => {
      const res = await system.api<Created['body']>('POST', '/v1/payments', {
        body: { amount, msisdn, description: `contract ${network}`, reference: `ref-${msisdn}` },
      });
      const id = res.body.data?.id ?? res.body.details?.transaction_id;
      if (!id) throw new Error(`no transaction id in ${res.status} ${JSON.stringify(res.body)}`);
      all.push(id);
      return { status: res.status, headers: res.headers, body: res.body, id };
    };
    const read = async (id: string) => (await system.api<{ data: TransactionView }>('GET', `/v1/payments/${id}`)).body.data;
    const settled = (id: string, timeoutMs = 30_000) =>
      waitFor(async () => {
        const t = await read(id);
        return t.status === 'pending' ? undefined : t;
      }, { timeoutMs, what: `transaction ${id} to settle` });
    const webhooksFor = (id: string) =>
      system.receiver.received.filter((r) => (JSON.parse(r.rawBody.toString('utf8')) as { data: { id: string } }).data.id === id);
    const callbacksFor = async (id: string): Promise<{ outcome: string; created_at: Date }[]> =>
      system.db.dataSource.query(`SELECT outcome, created_at FROM operator_callbacks WHERE transaction_id = $1 ORDER BY id`, [id]);

    beforeAll(async () => {
      system = await startTestSystem(`operators-${network}`, { env: CONTRACT_ENV });
      sim = new SimulatorControl(system.stack.url('operator-simulator'));
      const scenarios = Object.keys(expectations(network)) as ScenarioName[];
      const results = await Promise.all(scenarios.map((s) => pay(magicNumber(network, s))));
      scenarios.forEach((s, i) => created.set(s, { scenario: s, ...results[i] }));
    });
    afterAll(() => system?.stop());

    it.each(Object.entries(expectations(network)) as [ScenarioName, Expectation][])('%s', async (scenario, expected) => {
      const first = created.get(scenario)!;
      expect({ scenario, status: first.status }).toEqual({ scenario, status: expected.http });
      if (expected.http === 201) {
        expect(first.body.data).toMatchObject({ status: 'pending', network, provider, failure_code: null });
      } else {
        expect(first.body).toMatchObject({ status: 'error', code: expected.code });
        expect(first.body.message).toEqual(expect.any(String));
        if (expected.retryAfter) expect(first.headers.get('retry-after')).toBe(expected.retryAfter);
      }

      const record = await sim.record(first.id);
      if (expected.status === null) {
        // Still pending well after every other scenario's answer, on both sides.
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        expect((await read(first.id)).status).toBe('pending');
        expect(record?.status).toBe('PENDING');
      } else {
        const final = await settled(first.id);
        expect(final).toMatchObject({ status: expected.status, failure_code: expected.failureCode ?? null });
        if (expected.status === 'failed') expect(final.failure_message).toEqual(expect.any(String));
        else expect(final.provider_ref).toBe((await sim.record(first.id))?.operatorTxnId);
        const event = `payment.${expected.status}`;
        const delivery = await waitFor(() => webhooksFor(first.id).find((r) => r.headers[EVENT_HEADER] === event), {
          timeoutMs: 15_000,
          what: `${event} webhook for ${scenario}`,
        });
        expect(verifySignature(delivery.headers[SIGNATURE_HEADER] as string, delivery.rawBody, system.merchant.webhookSecret)).toMatchObject({ ok: true });
        expect(JSON.parse(delivery.rawBody.toString('utf8')).data).toEqual(final);
        expect(agrees(final.status, await sim.record(first.id))).toBe(true);
      }
      if (expected.callbacks !== undefined) {
        await waitFor(async () => ((await callbacksFor(first.id)).length >= expected.callbacks! ? true : undefined), {
          timeoutMs: 10_000,
          what: `${expected.callbacks} callbacks for ${scenario}`,
        });
        expect(await callbacksFor(first.id)).toHaveLength(expected.callbacks);
      }
      expect((await sim.counts(first.id)).movements).toBe(expected.movements);
    });

    it('settles on the operator status, never on a callback that claims success too early', async () => {
      const { id } = created.get('early_callback')!;
      const record = (await sim.record(id))!;
      const callbacks = await callbacksFor(id);
      expect(new Date(callbacks[0].created_at).getTime()).toBeLessThan(new Date(record.resolvedAt!).getTime());
      const [row] = await system.db.dataSource.query(`SELECT completed_at FROM transactions WHERE id = $1`, [id]);
      expect(new Date(row.completed_at).getTime()).toBeGreaterThanOrEqual(new Date(record.resolvedAt!).getTime());
    });

    it('re-sends nothing after a slow answer: one initiation, one movement', async () => {
      const { id } = created.get('slow_answer')!;
      await settled(id);
      const initiations = Object.entries((await sim.counts(id)).requests).filter(([op]) => !op.endsWith('.status'));
      expect(initiations).toEqual([[network === 'mtn' ? 'collection.requesttopay' : 'payments', 1]]);
    });

    it('refuses an amount over the per-transaction limit, naming the limit', async () => {
      const res = await pay(`07${prefix}8111001`, 600_000);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'LIMIT_EXCEEDED' });
      expect(res.body.message).toContain('per-transaction limit of 500000 RWF');
      expect(await read(res.id)).toMatchObject({ status: 'failed', failure_code: 'LIMIT_EXCEEDED' });
    });

    it("refuses a payment over the customer's daily limit, naming the limit", async () => {
      const msisdn = `07${prefix}8111002`;
      for (const amount of [400_000, 400_000]) {
        const ok = await pay(msisdn, amount);
        expect(ok.status).toBe(201);
        expect((await settled(ok.id)).status).toBe('succeeded');
      }
      const over = await pay(msisdn, 300_000);
      expect(over.status).toBe(409);
      expect(over.body).toMatchObject({ code: 'LIMIT_EXCEEDED' });
      expect(over.body.message).toContain('daily limit per customer of 1000000 RWF');
    });

    it('changes nothing on a forged, malformed or late callback', async () => {
      const callbackUrl = (id: string) => `${system.stack.url('operator-adapter')}/callbacks/${network === 'mtn' ? `mtn/${id}` : 'airtel'}`;
      const claim = (id: string, status: 'ok' | 'failed') =>
        network === 'mtn'
          ? { financialTransactionId: '1', externalId: id, status: status === 'ok' ? 'SUCCESSFUL' : 'FAILED', reason: 'APPROVAL_REJECTED' }
          : { transaction: { id, status_code: status === 'ok' ? 'TS' : 'TF', airtel_money_id: 'MP1', message: 'forged' } };
      const pending = created.get('stay_pending')!.id;
      const done = created.get('approve')!.id;
      await settled(done);
      const send = (id: string, body: string) => fetch(callbackUrl(id), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect((await send(pending, JSON.stringify(claim(pending, 'ok')))).status).toBe(200);
      expect((await send(pending, '{not json')).status).toBe(200);
      expect((await send(done, JSON.stringify(claim(done, 'failed')))).status).toBe(200);
      expect((await send('00000000-0000-4000-8000-000000000000', JSON.stringify(claim('00000000-0000-4000-8000-000000000000', 'ok')))).status).toBe(200);
      await waitFor(async () => ((await callbacksFor(done)).some((c) => c.outcome === 'already_final') ? true : undefined), { what: 'the late callback log' });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect((await read(pending)).status).toBe('pending');
      expect((await read(done)).status).toBe('succeeded');
      expect(webhooksFor(done).filter((r) => r.headers[EVENT_HEADER] === 'payment.failed')).toHaveLength(0);
    });

    it('moved money at most once per transaction, and agrees with the operator on every final status', async () => {
      const operator = await sim.summaries(all);
      const disagreements = [];
      for (const id of all) {
        const { status } = await read(id);
        const theirs = operator[id];
        const agreesWithOperator =
          status === 'pending' ||
          (status === 'succeeded' && theirs.status === 'SUCCESSFUL') ||
          (status === 'failed' && (theirs.status === 'FAILED' || theirs.status === null));
        if (theirs.movements > 1 || theirs.records > 1 || !agreesWithOperator) disagreements.push({ id, status, theirs });
      }
      expect(disagreements).toEqual([]);
      expect(Object.values(operator).filter((o) => o.movements === 1).length).toBeGreaterThan(5);
    });
  });
}

/** Our final status matches the operator's record (no record: nothing can have moved). */
function agrees(status: string, record: SimRecord | undefined): boolean {
  if (!record) return status === 'failed';
  return (status === 'succeeded' && record.status === 'SUCCESSFUL') || (status === 'failed' && record.status === 'FAILED');
}
