import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { Pool } from 'pg';
import { airtelCallbackBody } from '../airtel/airtel-wire';
import { mtnCallbackBody } from '../mtn/mtn-wire';
import { canonicalMsisdn, planFor, Scenario, scenarioOfNumber } from '../scenarios/scenarios';
import { SimulatorConfig, simulatorDatabaseUrl } from '../simulator.config';
import { ensureSchema } from '../store/simulator-schema';
import { CreateResult, NewSimTransaction, OperatorId, RequestRecord, SimTransaction, SimulatorStore } from '../store/simulator-store';

const BATCH = 200;
const CALLBACK_TIMEOUT_MS = 5_000;

/**
 * The simulated networks' back office, shared by both operators' wire protocols: it records
 * transactions, lets simulated customers answer when their scenario says so (from the database,
 * so answers survive a restart), moves money between wallets, and calls back.
 */
@Injectable()
export class SimulatedNetwork implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SimulatedNetwork.name);
  private pool!: Pool;
  store!: SimulatorStore;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly config: SimulatorConfig) {}

  async onModuleInit(): Promise<void> {
    this.pool = new Pool({ connectionString: simulatorDatabaseUrl(this.config), max: this.config.SIMULATOR_DATABASE_POOL_SIZE, application_name: 'operator-simulator' });
    await ensureSchema(this.pool);
    this.store = new SimulatorStore(this.pool, {
      perTransaction: this.config.PER_TRANSACTION_LIMIT,
      daily: this.config.DAILY_LIMIT,
      walletOpening: this.config.WALLET_OPENING_BALANCE,
      accountOpening: this.config.ACCOUNT_OPENING_BALANCE,
    });
  }

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.pool.end();
  }

  async scenarioFor(msisdn: string): Promise<Scenario> {
    const canonical = canonicalMsisdn(msisdn);
    return (await this.store.scenarioOverride(canonical)) ?? scenarioOfNumber(canonical);
  }

  /** Records a new transaction with the plan its scenario dictates, or finds the one already there. */
  create(input: Omit<NewSimTransaction, 'operatorTxnId'>): Promise<CreateResult> {
    const plan = planFor(input.scenario, input.kind, this.config);
    return this.store.create({ ...input, msisdn: canonicalMsisdn(input.msisdn), operatorTxnId: operatorTxnId(input.operator) }, plan);
  }

  /** Resolves a transaction now if its answer is due (status queries never lag the timer). */
  async settleIfDue(operator: OperatorId, reference: string): Promise<SimTransaction | null> {
    const resolved = await this.store.resolve(operator, reference);
    if (resolved) void this.callBack(resolved, false);
    return resolved ?? (await this.store.get(operator, reference));
  }

  /** Resolves a transaction at once, whatever its plan's timing (synchronous operations such as Airtel refunds). */
  async settleNow(operator: OperatorId, reference: string): Promise<SimTransaction | null> {
    return this.store.resolve(operator, reference, true);
  }

  record(request: RequestRecord): void {
    this.store.recordRequest(request).catch((error: Error) => this.logger.error({ err: error.message }, 'could not record a request'));
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    let busy = false;
    try {
      const due = await this.store.due(BATCH);
      busy = due.length === BATCH;
      await Promise.all(
        due.map(async ({ operator, reference }) => {
          const resolved = await this.store.resolve(operator, reference);
          if (resolved) void this.callBack(resolved, false);
        }),
      );
      for (const early of await this.store.claimEarlyCallbacks(BATCH)) void this.callBack(early, true);
    } catch (error) {
      if (!this.stopped) this.logger.error({ err: (error as Error).message }, 'simulated customers could not answer');
    }
    this.schedule(busy ? 0 : this.config.RESOLVE_INTERVAL_MS);
  }

  /** Once (or as many times as the scenario says), unsigned, never retried: as the operators do. */
  private async callBack(tx: SimTransaction, early: boolean): Promise<void> {
    if (this.config.CALLBACKS_ENABLED !== 'true') return;
    const target = this.callbackTarget(tx);
    if (!target) return;
    const times = early ? 1 : tx.callbacks;
    const body = JSON.stringify(tx.operator === 'mtn' ? mtnCallbackBody(tx, early) : airtelCallbackBody(tx, early));
    for (let i = 0; i < times; i++) {
      try {
        await fetch(target.url, {
          method: target.method,
          headers: { 'Content-Type': 'application/json' },
          body,
          signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
        });
      } catch {
        // Callbacks are best effort on the real networks too.
      }
    }
  }

  private callbackTarget(tx: SimTransaction): { url: string; method: string } | undefined {
    if (tx.operator === 'airtel') return tx.kind === 'refund' ? undefined : { url: this.config.AIRTEL_CALLBACK_URL, method: 'POST' };
    return tx.callbackUrl ? { url: tx.callbackUrl, method: tx.callbackMethod ?? 'PUT' } : undefined;
  }
}

/** financialTransactionId (MTN: digits) or airtel_money_id (Airtel: letters and digits). */
function operatorTxnId(operator: OperatorId): string {
  const digits = `${Date.now()}${randomInt(100_000, 999_999)}`;
  return operator === 'mtn' ? digits : `MP${digits.slice(-14)}`;
}
