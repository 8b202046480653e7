import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { InitiationOutcome, JobIds, OperatorResultJob, QueueName, StatusCheckReason, UnresolvedAnswerJob } from '@momo/contracts';
import { TransactionEntity } from '@momo/data';
import type { Network } from '@momo/domain';
import { JobRpc, loadConfig } from '@momo/platform';
import {
  ageTransaction,
  createTestDatabase,
  deleteQueueKeys,
  insertTransaction,
  newTransaction,
  seedMerchant,
  SeededMerchant,
  TEST_REDIS_URL,
  queuedItems,
  TestDatabase,
  uniqueQueuePrefix,
  waitFor,
} from '@momo/testing';
import { OperatorAdapterModule } from '../app.module';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { Initiation, OperatorConnector, OperatorTransaction, StatusOutcome } from '../operators/operator-connector';
import { OperatorRegistry } from '../operators/operator-registry';
import { statusChecks } from './status-check-metrics';

const GIVE_UP_SECONDS = 900;
const RECHECK_DELAYS_MS = [200, 400];

/**
 * An operator that answers what each test tells it to, and counts what it is sent. It stands in
 * for the operator's HTTP protocol only (the connectors have their own tests, and the simulator
 * the whole-stack ones): everything else here is real, Postgres and Redis included.
 */
class ScriptedOperator implements OperatorConnector {
  readonly statusAnswers = new Map<string, StatusOutcome>();
  readonly initiationAnswers = new Map<string, Initiation>();
  readonly sent: string[] = [];
  /** Status queries about these throw once (a fault inside the adapter, not an operator answer). */
  readonly throwOnce = new Set<string>();
  /** Status queries about these get no answer once (silence, a timeout), then the answer set for them. */
  readonly silentOnce = new Set<string>();
  /** Every status query, by transaction id. */
  readonly asked: string[] = [];
  /** Initiations of these are answered only once the promise resolves (a slow send on its way). */
  readonly holdInitiations = new Map<string, Promise<void>>();

  async initiate({ transaction }: OperatorTransaction): Promise<Initiation> {
    this.sent.push(transaction.id);
    await this.holdInitiations.get(transaction.id);
    return this.initiationAnswers.get(transaction.id) ?? { outcome: { kind: 'accepted' } };
  }

  async queryStatus({ transaction }: OperatorTransaction): Promise<StatusOutcome> {
    if (this.throwOnce.delete(transaction.id)) throw new Error('connection pool exhausted');
    this.asked.push(transaction.id);
    if (this.silentOnce.delete(transaction.id)) return { kind: 'unknown', detail: 'MTN timed out' };
    return this.statusAnswers.get(transaction.id) ?? { kind: 'pending' };
  }

  async balances() {
    return [];
  }
}

/**
 * The adapter's status policy, in its own process against real Postgres and Redis: it asks the
 * operator and reports what it said (a final status as an operator result; for the reconciler's
 * checks an answer short of one, for payments-core to decide on), re-sends only inside the send
 * window, and decides nothing about the transaction itself.
 */
describe('operator-adapter status policy (Postgres, Redis)', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let app: NestFastifyApplication;
  let prefix: string;
  let checks: Queue;
  let results: Queue;
  const operator = new ScriptedOperator();

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    prefix = uniqueQueuePrefix('oa');
    const config = loadConfig(OperatorAdapterConfig, {
      DATABASE_URL: db.url,
      DATABASE_POOL_SIZE: '3',
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'error',
      UNRECEIVED_GIVE_UP_SECONDS: String(GIVE_UP_SECONDS),
      OPERATOR_BALANCE_POLL_MS: '0',
      CALLBACK_RECHECK_DELAYS_MS: RECHECK_DELAYS_MS.join(','),
    });
    // MTN is configured (scripted); Airtel is not, as when its settings were removed.
    const registry: Pick<OperatorRegistry, 'connectorFor' | 'configured'> = {
      connectorFor: (network: Network) => (network === 'mtn' ? operator : undefined),
      configured: () => [],
    };
    const moduleRef = await Test.createTestingModule({ imports: [OperatorAdapterModule.forRoot(config)] })
      .overrideProvider(OperatorRegistry)
      .useValue(registry)
      .compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
    await app.init();
    const connection = { url: TEST_REDIS_URL };
    checks = new Queue(QueueName.OperatorStatusChecks, { connection, prefix });
    results = new Queue(QueueName.OperatorResults, { connection, prefix });
  });

  afterAll(async () => {
    await app?.close();
    await checks?.close();
    await results?.close();
    await deleteQueueKeys(prefix);
    await db?.drop();
  });

  async function pending(network: Network = 'mtn', ageSeconds = 30): Promise<TransactionEntity> {
    const t = await insertTransaction(db.dataSource, newTransaction(merchant, { network, provider: network === 'mtn' ? 'mtn_momo' : 'airtel_money' }));
    await ageTransaction(db.dataSource, t.id, ageSeconds);
    return t;
  }

  /** What the reconciler (or a callback) does: queue a check; resolves once the adapter has handled it. */
  async function check(transactionId: string, reason: StatusCheckReason, slot = 0): Promise<string> {
    const jobId = JobIds.statusCheck(transactionId, `${reason}-${slot}`);
    await checks.add('check-transaction-status', { transactionId, reason }, { jobId });
    await waitFor(
      async () => {
        const state = await checks.getJobState(jobId);
        if (state === 'failed') throw new Error(`status check ${jobId} failed: ${(await checks.getJob(jobId))?.failedReason}`);
        return state === 'completed' ? true : undefined;
      },
      { what: `status check ${jobId}` },
    );
    return jobId;
  }

  /** What the adapter has put on the results queue about a transaction (a result) and a check (an answer short of one). */
  async function reported(transactionId: string, checkJobId?: string) {
    const items = await queuedItems(results);
    const result = items.find((item) => item.name === 'apply-operator-result' && item.data.transactionId === transactionId);
    const unresolved = items.find((item) => checkJobId !== undefined && item.id === JobIds.unresolvedAnswer(checkJobId));
    return {
      result: result?.data as OperatorResultJob | undefined,
      unresolved: unresolved?.data as UnresolvedAnswerJob | undefined,
    };
  }

  it('reports a final answer as the operator gave it', async () => {
    const t = await pending();
    operator.statusAnswers.set(t.id, { kind: 'final', status: 'succeeded', providerRef: 'MTN-1' });
    const job = await check(t.id, 'reconcile');
    expect(await reported(t.id, job)).toEqual({ result: expect.objectContaining({ transactionId: t.id, status: 'succeeded', providerRef: 'MTN-1', source: 'reconcile' }), unresolved: undefined });
  });

  it('reports nothing for a transaction still pending before its deadline', async () => {
    const t = await pending('mtn', 10_000);
    const job = await check(t.id, 'reconcile');
    expect(await reported(t.id, job)).toEqual({ result: undefined, unresolved: undefined });
  });

  it('reports any answer short of a final one at the deadline, and decides nothing itself', async () => {
    const stillPending = await pending();
    const silent = await pending();
    operator.statusAnswers.set(silent.id, { kind: 'unknown', detail: 'MTN timed out' });
    const unconfigured = await pending('airtel');

    for (const [t, answer, detail] of [
      [stillPending, 'pending', undefined],
      [silent, 'unknown', 'MTN timed out'],
      [unconfigured, 'unknown', 'airtel is not configured for test mode'],
    ] as const) {
      const job = await check(t.id, 'deadline');
      expect(await reported(t.id, job)).toEqual({
        result: undefined,
        unresolved: { transactionId: t.id, source: 'deadline', answer, detail, unreceivedGiveUpSeconds: GIVE_UP_SECONDS },
      });
      expect((await db.dataSource.query(`SELECT status FROM transactions WHERE id = $1`, [t.id]))[0].status).toBe('pending');
    }
    expect(operator.sent).not.toContain(stillPending.id);
  });

  it('re-sends a transaction the operator has no record of inside the send window, and reports what that answered', async () => {
    const accepted = await pending('mtn', 60);
    const refused = await pending('mtn', 60);
    for (const t of [accepted, refused]) operator.statusAnswers.set(t.id, { kind: 'not_found' });
    operator.initiationAnswers.set(refused.id, { outcome: { kind: 'refused', failureCode: 'PAYER_NOT_FOUND', failureMessage: 'no such wallet' } });

    const acceptedJob = await check(accepted.id, 'reconcile');
    expect(await reported(accepted.id, acceptedJob)).toEqual({ result: undefined, unresolved: undefined });
    const refusedJob = await check(refused.id, 'reconcile');
    expect(await reported(refused.id, refusedJob)).toEqual({
      result: expect.objectContaining({ status: 'failed', failureCode: 'PAYER_NOT_FOUND', failureMessage: 'no such wallet', source: 'reconcile' }),
      unresolved: undefined,
    });
    expect(operator.sent.filter((id) => id === accepted.id || id === refused.id)).toEqual([accepted.id, refused.id]);
  });

  it('takes "no record" as nothing while our first send may still be on its way: reports nothing, sends nothing', async () => {
    // Younger than a send begun at its creation can take (budget wait + operator timeout), whichever replica sent it.
    const young = await pending('mtn', 1);
    operator.statusAnswers.set(young.id, { kind: 'not_found' });
    expect(await reported(young.id, await check(young.id, 'reconcile'))).toEqual({ result: undefined, unresolved: undefined });
    expect(operator.sent).not.toContain(young.id);

    // Older, but this adapter is still sending it (the operator has not recorded it yet).
    const slow = await pending('mtn', 60);
    operator.statusAnswers.set(slow.id, { kind: 'not_found' });
    let answer!: () => void;
    operator.holdInitiations.set(slow.id, new Promise<void>((resolve) => (answer = resolve)));
    const first = app.get(JobRpc).call('initiate-transaction', { transactionId: slow.id }, { jobId: JobIds.initiate(slow.id), timeoutMs: 10_000 });
    try {
      await waitFor(async () => (operator.sent.includes(slow.id) ? true : undefined), { what: 'the first send on its way' });
      const job = JobIds.statusCheck(slow.id, 'reconcile-0');
      await checks.add('check-transaction-status', { transactionId: slow.id, reason: 'reconcile' }, { jobId: job });
      await waitFor(async () => ((await checks.getJobState(job)) === 'completed' || operator.sent.filter((id) => id === slow.id).length > 1 ? true : undefined), {
        what: 'the check done, or a second send',
      });
      expect(operator.sent.filter((id) => id === slow.id)).toHaveLength(1);
      expect(await reported(slow.id, job)).toEqual({ result: undefined, unresolved: undefined });
    } finally {
      answer(); // even when the check re-sent it (held as well): nothing is left hanging
    }

    // Once that send is over, the operator's "no record" means it never arrived: re-sent.
    expect(await first).toMatchObject({ status: 'completed', value: { kind: 'accepted' } });
    await check(slow.id, 'reconcile', 1);
    expect(operator.sent.filter((id) => id === slow.id)).toHaveLength(2);
  });

  it('past the send window, sends nothing and reports "no record" for payments-core to decide', async () => {
    const t = await pending('mtn', GIVE_UP_SECONDS / 2 + 5);
    operator.statusAnswers.set(t.id, { kind: 'not_found' });
    const job = await check(t.id, 'reconcile');
    expect(await reported(t.id, job)).toEqual({
      result: undefined,
      unresolved: { transactionId: t.id, source: 'reconcile', answer: 'not_found', unreceivedGiveUpSeconds: GIVE_UP_SECONDS },
    });
    expect(operator.sent).not.toContain(t.id);
  });

  it('does nothing on a callback-triggered check the operator knows nothing of (a forged callback changes nothing)', async () => {
    const t = await pending('mtn', GIVE_UP_SECONDS * 2);
    operator.statusAnswers.set(t.id, { kind: 'not_found' });
    const job = await check(t.id, 'callback');
    expect(await reported(t.id, job)).toEqual({ result: undefined, unresolved: undefined });
    expect(operator.sent).not.toContain(t.id);
  });

  it('watches a failure of our own deciding: reports a final answer as it is, agreeing or not (payments-core tells)', async () => {
    const agreed = await pending();
    const contradicted = await pending();
    for (const t of [agreed, contradicted]) {
      await db.dataSource.query(`UPDATE transactions SET status = 'failed', failure_code = 'DEADLINE_EXCEEDED', completed_at = now() WHERE id = $1`, [t.id]);
    }
    operator.statusAnswers.set(agreed.id, { kind: 'final', status: 'failed', failureCode: 'EXPIRED' });
    operator.statusAnswers.set(contradicted.id, { kind: 'final', status: 'succeeded', providerRef: 'MTN-LATE' });
    const silent = await pending();
    await db.dataSource.query(`UPDATE transactions SET status = 'failed', failure_code = 'NOT_RECEIVED', completed_at = now() WHERE id = $1`, [silent.id]);
    operator.statusAnswers.set(silent.id, { kind: 'not_found' });
    expect((await reported(agreed.id, await check(agreed.id, 'watch'))).result).toMatchObject({ status: 'failed', failureCode: 'EXPIRED', source: 'watch' });
    expect((await reported(contradicted.id, await check(contradicted.id, 'watch'))).result).toMatchObject({ status: 'succeeded', providerRef: 'MTN-LATE', source: 'watch' });
    expect(await reported(silent.id, await check(silent.id, 'watch'))).toEqual({ result: undefined, unresolved: undefined });
    expect(operator.sent).not.toContain(silent.id);
  });

  it('answers an initiation the operator finished at once with the final status in the reply only', async () => {
    const t = await pending();
    operator.initiationAnswers.set(t.id, { outcome: { kind: 'accepted', providerRef: 'MP1' }, confirmed: { kind: 'final', status: 'succeeded', providerRef: 'MP1' } });
    const reply = await app.get(JobRpc).call('initiate-transaction', { transactionId: t.id }, { jobId: JobIds.initiate(t.id), timeoutMs: 10_000 });
    expect(reply).toEqual({ status: 'completed', value: { kind: 'accepted', providerRef: 'MP1', confirmed: { status: 'succeeded', providerRef: 'MP1' } } satisfies InitiationOutcome });
    expect((await reported(t.id)).result).toBeUndefined();
  });

  describe('after a callback', () => {
    const callback = (t: TransactionEntity) =>
      app.inject({ method: 'POST', url: `/callbacks/mtn/${t.id}`, headers: { 'content-type': 'application/json' }, payload: { status: 'SUCCESSFUL' } });
    const checkJobsOf = async (t: TransactionEntity) =>
      (await checks.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed'])).filter((job) => job.data.transactionId === t.id);
    const result = (t: TransactionEntity) => waitFor(async () => (await reported(t.id)).result, { what: `the result of ${t.id}` });
    /** momo_operator_status_checks_total for MTN test mode, by "reason answer". */
    const counted = async () =>
      Object.fromEntries(
        (await statusChecks.get()).values.filter((v) => v.labels.network === 'mtn' && v.labels.mode === 'test').map((v) => [`${v.labels.reason} ${v.labels.answer}`, v.value]),
      );
    const countedSince = async (before: Record<string, number>) =>
      Object.fromEntries(Object.entries(await counted()).flatMap(([key, n]) => (n - (before[key] ?? 0) > 0 ? [[key, n - (before[key] ?? 0)]] : [])));

    it('asks the operator at once, in the process that took the callback, and reports its answer', async () => {
      const t = await pending();
      operator.statusAnswers.set(t.id, { kind: 'final', status: 'succeeded', providerRef: 'MTN-CB' });
      expect((await callback(t)).statusCode).toBe(200);
      expect(await result(t)).toMatchObject({ transactionId: t.id, status: 'succeeded', providerRef: 'MTN-CB', source: 'callback' });
      expect(await checkJobsOf(t)).toEqual([]);
    });

    it('hands a check that fails inside the adapter to the status-check queue, whose retries finish it', async () => {
      const t = await pending();
      operator.statusAnswers.set(t.id, { kind: 'final', status: 'succeeded', providerRef: 'MTN-RETRY' });
      operator.throwOnce.add(t.id);
      expect((await callback(t)).statusCode).toBe(200);
      expect(await result(t)).toMatchObject({ status: 'succeeded', providerRef: 'MTN-RETRY', source: 'callback' });
      const [job] = await checkJobsOf(t);
      expect(job.id).toMatch(new RegExp(`^status\\.${t.id}\\.callback-`));
    });

    it('asks again shortly when its question got no answer, and reports what the operator then says', async () => {
      const t = await pending();
      operator.statusAnswers.set(t.id, { kind: 'final', status: 'succeeded', providerRef: 'MTN-AGAIN' });
      operator.silentOnce.add(t.id);
      const before = await counted();
      expect((await callback(t)).statusCode).toBe(200);
      expect(await result(t)).toMatchObject({ status: 'succeeded', providerRef: 'MTN-AGAIN', source: 'callback' });
      expect(await countedSince(before)).toEqual({ 'callback unknown': 1, 'callback_recheck final': 1 });
      const jobs = await checkJobsOf(t);
      expect(jobs.map((job) => [job.id, job.data.recheck, job.opts.delay])).toEqual([[expect.stringMatching(new RegExp(`^status\\.${t.id}\\.callback-[^.]+\\.recheck-1$`)), 1, RECHECK_DELAYS_MS[0]]]);
      expect(operator.asked.filter((id) => id === t.id)).toHaveLength(2);
    });

    it('asks again as many times as CALLBACK_RECHECK_DELAYS_MS says, then leaves it to the reconciler', async () => {
      const t = await pending();
      operator.statusAnswers.set(t.id, { kind: 'unknown', detail: 'MTN timed out' });
      const before = await counted();
      expect((await callback(t)).statusCode).toBe(200);
      const rechecks = await waitFor(
        async () => {
          const jobs = await checkJobsOf(t);
          return jobs.length === RECHECK_DELAYS_MS.length && (await Promise.all(jobs.map((job) => job.isCompleted()))).every(Boolean) ? jobs : undefined;
        },
        { what: `the rechecks of ${t.id}` },
      );
      const first = rechecks.find((job) => job.data.recheck === 1)!;
      const second = rechecks.find((job) => job.data.recheck === 2)!;
      expect(second.id).toBe(first.id!.replace(/recheck-1$/, 'recheck-2'));
      expect(operator.asked.filter((id) => id === t.id)).toHaveLength(1 + RECHECK_DELAYS_MS.length);
      expect(await countedSince(before)).toEqual({ 'callback unknown': 1, 'callback_recheck unknown': RECHECK_DELAYS_MS.length });
      expect(await reported(t.id)).toEqual({ result: undefined, unresolved: undefined });
    });

    it('does not ask again when the operator answered short of a final status (a forged callback multiplies nothing)', async () => {
      for (const answer of [{ kind: 'pending' }, { kind: 'not_found' }] as const) {
        const t = await pending();
        operator.statusAnswers.set(t.id, answer);
        const job = await check(t.id, 'callback');
        expect((await checkJobsOf(t)).map((j) => j.id)).toEqual([job]);
        expect(operator.asked.filter((id) => id === t.id)).toHaveLength(1);
      }
    });
  });
});
