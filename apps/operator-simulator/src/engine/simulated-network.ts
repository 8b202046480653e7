import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { MicroBatcher, REQUEST_WRITE_LINGER_MS } from '@momo/platform';
import { randomInt } from 'node:crypto';
import { Agent, request } from 'undici';
import { airtelCallbackBody } from '../airtel/airtel-wire';
import { mtnCallbackBody } from '../mtn/mtn-wire';
import { canonicalMsisdn, planFor, Scenario, scenarioOfNumber } from '../scenarios/scenarios';
import { SimulatorConfig, simulatorDatabaseUrl } from '../simulator.config';
import { ensureSchema } from '../store/simulator-schema';
import { closeSimulatorPools, openSimulatorPools, SimulatorPools } from '../store/simulator-pools';
import { CreateRequest, CreateResult, NewSimTransaction, OperatorId, RequestRecord, ResolveTarget, SimTransaction, SimulatorStore } from '../store/simulator-store';
import { DueQueue } from './due-queue';
import { RequestLog } from './request-log';

const BATCH = 200;
const CALLBACK_TIMEOUT_MS = 5_000;
/** Final transactions kept in memory for status queries (a final status never changes). */
const FINALS_KEPT = 20_000;
/** How often the timer looks in the database even when nothing is known to be due. */
const SWEEP_MS = 1_000;


/**
 * The simulated networks' back office, shared by both operators' wire protocols: it records
 * transactions, lets simulated customers answer when their scenario says so (from the database,
 * so answers survive a restart), moves money between wallets, and calls back.
 *
 * It is a test double, so it is lean: concurrent creations share one insert (one commit, still
 * before the answer), answers are applied in batches, the request log is written in batches,
 * scenario overrides and final transactions are served from memory. The simulator runs as one
 * replica (the chart pins it), which is what makes the in-memory overrides and daily totals exact.
 */
@Injectable()
export class SimulatedNetwork implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SimulatedNetwork.name);
  private pools!: SimulatorPools;
  store!: SimulatorStore;
  private requestLog!: RequestLog;
  private overrides = new Map<string, Scenario>();
  private readonly finals = new Map<string, SimTransaction>();
  private readonly creations = new MicroBatcher<CreateRequest, CreateResult>((batch) => this.store.createMany(batch), {
    maxBatch: BATCH,
    maxConcurrentFlushes: 1,
    lingerWhenBusyMs: REQUEST_WRITE_LINGER_MS,
  });
  private readonly settlements = new MicroBatcher<ResolveTarget, SimTransaction | null>((batch) => this.settle(batch), { maxBatch: BATCH, maxConcurrentFlushes: 1 });
  /** Planned answers of this process's transactions (and, after a restart, of the pending ones found). */
  private readonly answers = new DueQueue<{ target: ResolveTarget; attempts: number }>();
  /** Resolution batches run one at a time: they lock the same wallets. */
  private resolving: Promise<unknown> = Promise.resolve();
  private readonly callbacks = new Agent({ keepAliveTimeout: 10_000, headersTimeout: CALLBACK_TIMEOUT_MS, bodyTimeout: CALLBACK_TIMEOUT_MS, connectTimeout: CALLBACK_TIMEOUT_MS });
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private txnSequence = randomInt(0, 1_000_000);
  /**
   * Premature callbacks still to come, as far as this process knows (counted from the database at
   * start, then kept): the timer claims them only when there may be one. A slow sweep of the
   * database runs regardless, in case this process ever missed something.
   */
  private earlyCallbacks = 0;
  private lastSweep = 0;

  constructor(private readonly config: SimulatorConfig) {}

  async onModuleInit(): Promise<void> {
    this.pools = openSimulatorPools(simulatorDatabaseUrl(this.config), { size: this.config.SIMULATOR_DATABASE_POOL_SIZE, synchronousCommit: this.config.SIMULATOR_SYNCHRONOUS_COMMIT }, (error) =>
      this.logger.warn({ err: error.message }, 'idle database connection lost; the pool opens another'),
    );
    await ensureSchema(this.pools.general);
    this.store = new SimulatorStore(this.pools, {
      perTransaction: this.config.PER_TRANSACTION_LIMIT,
      daily: this.config.DAILY_LIMIT,
      walletOpening: this.config.WALLET_OPENING_BALANCE,
      accountOpening: this.config.ACCOUNT_OPENING_BALANCE,
    });
    this.requestLog = new RequestLog(
      (records) => this.store.recordRequests(records),
      (error) => this.logger.error({ err: error.message }, 'could not record requests'),
    );
    this.overrides = await this.store.scenarioOverrides();
    this.earlyCallbacks = (await this.store.outstanding()).earlyCallbacks;
    const now = Date.now();
    for (const { target, inMs } of await this.store.prepareForAnswers()) this.answers.push(now + inMs, { target, attempts: 0 });
  }

  onApplicationBootstrap(): void {
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.requestLog.flush();
    await this.callbacks.close().catch(() => undefined);
    await closeSimulatorPools(this.pools);
  }

  scenarioFor(msisdn: string): Scenario {
    const canonical = canonicalMsisdn(msisdn);
    return this.overrides.get(canonical) ?? scenarioOfNumber(canonical);
  }

  async setScenario(msisdn: string, scenario: Scenario | null): Promise<void> {
    const canonical = canonicalMsisdn(msisdn);
    await this.store.setScenario(canonical, scenario);
    if (scenario === null) this.overrides.delete(canonical);
    else this.overrides.set(canonical, scenario);
  }

  /**
   * Records a new transaction with the plan its scenario dictates, or finds the one already there.
   * Resolves once it is committed (with others that arrived at the same time).
   */
  create(input: Omit<NewSimTransaction, 'operatorTxnId'>): Promise<CreateResult> {
    const plan = planFor(input.scenario, input.kind, this.config);
    const msisdn = canonicalMsisdn(input.msisdn);
    const created = this.creations.submit({ input: { ...input, msisdn, operatorTxnId: this.operatorTxnId(input.operator) }, plan });
    return created.then((result) => {
      if (result.kind === 'created') {
        // Due no earlier than this (the row's clock started before the insert returned).
        if (plan.outcome) this.answers.push(Date.now() + plan.outcome.afterMs, { target: { operator: input.operator, reference: input.reference, msisdn, kind: input.kind, now: false }, attempts: 0 });
        if (plan.earlyCallbackAfterMs !== undefined) this.earlyCallbacks++;
      }
      return result;
    });
  }

  /** A transaction by its reference; final ones from memory. */
  async get(operator: OperatorId, reference: string): Promise<SimTransaction | null> {
    const known = this.finals.get(`${operator}:${reference}`);
    if (known) return known;
    return this.remember(await this.store.get(operator, reference));
  }

  /** Resolves a transaction now if its answer is due (status queries never lag the timer). */
  async settleIfDue(operator: OperatorId, reference: string): Promise<SimTransaction | null> {
    const known = this.finals.get(`${operator}:${reference}`);
    if (known) return known;
    const found = await this.store.getForStatus(operator, reference);
    if (!found) return null;
    if (!found.due) return this.remember(found.transaction);
    const { msisdn, kind } = found.transaction;
    return (await this.settlements.submit({ operator, reference, msisdn, kind, now: false })) ?? (await this.get(operator, reference));
  }

  /** Resolves a transaction at once, whatever its plan's timing (synchronous operations such as Airtel refunds). */
  settleNow(tx: SimTransaction): Promise<SimTransaction | null> {
    return this.settlements.submit({ operator: tx.operator, reference: tx.reference, msisdn: tx.msisdn, kind: tx.kind, now: true });
  }

  record(request: RequestRecord): void {
    this.requestLog.record(request);
  }

  /** Waits until every request recorded so far is in the request log (readers of the log call it first). */
  flushRequestLog(): Promise<void> {
    return this.requestLog.flush();
  }

  private async settle(batch: ResolveTarget[]): Promise<(SimTransaction | null)[]> {
    const resolved = await this.resolve(batch);
    const byKey = new Map(resolved.map((tx) => [`${tx.operator}:${tx.reference}`, tx]));
    return batch.map((r) => byKey.get(`${r.operator}:${r.reference}`) ?? null);
  }

  /** One resolution batch at a time; what it resolved is remembered and called back. */
  private resolve(targets: ResolveTarget[]): Promise<SimTransaction[]> {
    const run = this.resolving.then(() => this.store.resolveMany(targets));
    this.resolving = run.catch(() => undefined);
    return run.then((resolved) => {
      for (const tx of resolved) {
        this.remember(tx);
        void this.callBack(tx, false);
      }
      return resolved;
    });
  }

  private remember(tx: SimTransaction | null): SimTransaction | null {
    if (!tx || tx.status === 'PENDING') return tx;
    const key = `${tx.operator}:${tx.reference}`;
    this.finals.delete(key);
    this.finals.set(key, tx);
    if (this.finals.size > FINALS_KEPT) this.finals.delete(this.finals.keys().next().value as string);
    return tx;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    let busy = false;
    try {
      const now = Date.now();
      const due = this.answers.takeDue(now, BATCH);
      busy = due.length === BATCH;
      if (due.length > 0) {
        const resolved = await this.resolve(due.map((d) => d.target)).catch((error: Error) => {
          for (const d of due) this.answers.push(now + this.config.RESOLVE_INTERVAL_MS, d);
          throw error;
        });
        // Not resolved: answered already (a status query), or not yet due by the database's clock; a
        // few more tries, then the sweep has it.
        const done = new Set(resolved.map((tx) => `${tx.operator}:${tx.reference}`));
        for (const d of due) {
          if (!done.has(`${d.target.operator}:${d.target.reference}`) && d.attempts < 3) this.answers.push(now + this.config.RESOLVE_INTERVAL_MS, { ...d, attempts: d.attempts + 1 });
        }
      }
      const sweep = now - this.lastSweep >= SWEEP_MS;
      if (sweep) {
        this.lastSweep = now;
        const missed = await this.store.due(BATCH);
        if (missed.length > 0) await this.resolve(missed);
        busy ||= missed.length === BATCH;
      }
      if (sweep || this.earlyCallbacks > 0) {
        const early = await this.store.claimEarlyCallbacks(BATCH);
        this.earlyCallbacks = Math.max(0, this.earlyCallbacks - early.length);
        for (const tx of early) void this.callBack(tx, true);
      }
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
        // Kept-alive connections (undici's pool per origin): no TCP handshake per callback.
        const answer = await request(target.url, { dispatcher: this.callbacks, method: target.method, headers: { 'content-type': 'application/json' }, body });
        await answer.body.dump();
      } catch {
        // Callbacks are best effort on the real networks too.
      }
    }
  }

  private callbackTarget(tx: SimTransaction): { url: string; method: 'PUT' | 'POST' } | undefined {
    if (tx.operator === 'airtel') return tx.kind === 'refund' ? undefined : { url: this.config.AIRTEL_CALLBACK_URL, method: 'POST' };
    return tx.callbackUrl ? { url: tx.callbackUrl, method: tx.callbackMethod === 'POST' ? 'POST' : 'PUT' } : undefined;
  }

  /**
   * financialTransactionId (MTN: digits) or airtel_money_id (Airtel: letters and digits). A
   * counter after the clock keeps the ids of one batch apart (they are unique in the table).
   */
  private operatorTxnId(operator: OperatorId): string {
    this.txnSequence = (this.txnSequence + 1) % 1_000_000;
    const digits = `${Date.now()}${String(this.txnSequence).padStart(6, '0')}`;
    return operator === 'mtn' ? digits : `MP${digits.slice(-14)}`;
  }
}
