import { TEST_SCENARIO_CODES, TestScenario } from '@momo/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { FinalAnswer, MerchantClient } from './merchant-client';
import { Random } from './random';

/** The simulator's scenarios (docs/simulator.md): numbers 07X0000CCC choose one. */
export const SCENARIO_CODES = TEST_SCENARIO_CODES;
export type Scenario = TestScenario;

/** How often each scenario is chosen: mostly approvals (a random, non-magic number), every other one too. */
const SCENARIO_WEIGHTS: Record<Scenario, number> = {
  approve: 24,
  approve_delayed: 8,
  stay_pending: 4,
  expire: 6,
  decline: 6,
  wrong_pin: 4,
  insufficient_funds: 4,
  no_callback: 8,
  duplicate_callbacks: 7,
  early_callback: 7,
  http_500: 4,
  http_503: 3,
  http_429: 3,
  slow_answer: 6,
};

const OPERATIONS = { payment: 55, payout: 30, refund: 15 };

type Network = 'mtn' | 'airtel';

export interface Operation {
  kind: keyof typeof OPERATIONS;
  network: Network;
  scenario: Scenario;
  /** Also the transaction's description: one operation may never become two transactions. */
  label: string;
  answer?: FinalAnswer;
}

export interface LoadResult {
  operations: Operation[];
  /** Operations still waiting for an answer when the load stopped (they finish before the checks). */
  unfinished: number;
}

/**
 * A steady load of payments, payouts and refunds over both networks and every scenario, started
 * at a fixed rate whatever the system's state (a merchant does not wait for our restarts). Refunds
 * pick payments made earlier in the run, succeeded or not (a refused refund is an answer too).
 */
export class Load {
  readonly operations: Operation[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly refundable: { id: string; amount: number; network: Network; scenario: Scenario; at: number }[] = [];

  constructor(
    private readonly client: MerchantClient,
    private readonly random: Random,
  ) {}

  /** Funds for payouts and refunds, paid in before the load starts. */
  async fund(payments: number, amount: number): Promise<string[]> {
    const answers = await Promise.all(
      Array.from({ length: payments }, (_, i) => this.client.post('/v1/payments', { amount, msisdn: `07885550${String(i).padStart(2, '0')}`, description: `chaos-funding-${i}` })),
    );
    return answers.map((a) => {
      if (a.status !== 201 || !a.transactionId) throw new Error(`funding payment refused: HTTP ${a.status} ${a.code ?? ''}`);
      return a.transactionId;
    });
  }

  async run(seconds: number, perSecond: number, progress: (line: string) => void): Promise<LoadResult> {
    const started = Date.now();
    const interval = 1000 / perSecond;
    let next = started;
    let reported = 0;
    while (Date.now() - started < seconds * 1000) {
      this.start(this.operations.length);
      next += interval * this.random.between(0.5, 1.5);
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      const elapsed = Math.floor((Date.now() - started) / 10_000);
      if (elapsed > reported) {
        reported = elapsed;
        progress(`load: ${this.operations.length} operations started, ${this.inFlight.size} awaiting an answer`);
      }
    }
    return { operations: this.operations, unfinished: this.inFlight.size };
  }

  /** Waits for every started operation's final answer. */
  async finish(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private start(index: number): void {
    const kind = this.random.weighted(OPERATIONS);
    const target = kind === 'refund' ? this.refundTarget() : undefined;
    const network = target?.network ?? this.random.pick(['mtn', 'airtel'] as const);
    const scenario = target?.scenario ?? this.random.weighted(SCENARIO_WEIGHTS);
    const operation: Operation = { kind: target ? 'refund' : kind === 'refund' ? 'payment' : kind, network, scenario, label: `chaos-${index}` };
    this.operations.push(operation);
    const work = this.perform(operation, target).then(
      (answer) => {
        operation.answer = answer;
      },
      (error: unknown) => {
        operation.answer = { status: 0, code: `CLIENT_ERROR ${(error as Error).message}`, requests: 0 };
      },
    );
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async perform(op: Operation, target?: { id: string; amount: number }): Promise<FinalAnswer> {
    if (op.kind === 'refund' && target) {
      // Half whole refunds, half partial ones (Airtel refuses partial refunds: an answer like any other).
      const amount = this.random.next() < 0.5 ? target.amount : Math.max(100, Math.floor(target.amount / 2));
      return this.client.post(`/v1/payments/${target.id}/refund`, { amount, reason: op.label });
    }
    const msisdn = this.number(op.network, op.scenario);
    if (op.kind === 'payout') return this.client.post('/v1/payouts', { amount: this.random.int(100, 3_000), msisdn, description: op.label });
    const amount = this.random.int(100, 5_000);
    const answer = await this.client.post('/v1/payments', { amount, msisdn, description: op.label });
    if (answer.status === 201 && answer.transactionId) this.refundable.push({ id: answer.transactionId, amount, network: op.network, scenario: op.scenario, at: Date.now() });
    return answer;
  }

  /** A payment from at least ten seconds ago, each refunded at most once by the load. */
  private refundTarget() {
    const ready = this.refundable.findIndex((p) => Date.now() - p.at > 10_000);
    if (ready < 0) return undefined;
    return this.refundable.splice(ready, 1)[0];
  }

  /** A random ordinary number for approvals (spread over many customers), the magic number otherwise. */
  private number(network: Network, scenario: Scenario): string {
    const prefix = network === 'mtn' ? this.random.pick(['078', '079']) : this.random.pick(['072', '073']);
    if (scenario === 'approve') return `${prefix}${this.random.int(1, 9)}${String(this.random.int(0, 999_999)).padStart(6, '0')}`;
    return `${prefix}0000${SCENARIO_CODES[scenario]}`;
  }
}
