import { Job, Queue } from 'bullmq';
import { JobIds, QueueName } from '@momo/contracts';
import { ReconciliationRepository } from '@momo/data';
import { JobProducer, loadConfig, QueueRegistry, redisOptionsFromUrl } from '@momo/platform';
import {
  ageTransaction,
  createTestDatabase,
  deleteQueueKeys,
  insertTransaction,
  newTransaction,
  seedMerchant,
  SeededMerchant,
  TEST_REDIS_URL,
  TestDatabase,
  uniqueQueuePrefix,
} from '@momo/testing';
import { ReconcilerConfig } from '../reconciler.config';
import { ReconciliationProcessor } from './reconciliation.processor';
import { PENDING_SWEEP_SCHEDULER, SweepScheduler } from './sweep-scheduler.service';

describe('reconciliation sweep (Postgres + Redis)', () => {
  const prefix = uniqueQueuePrefix('recon');
  const connection = redisOptionsFromUrl(TEST_REDIS_URL);
  const statusChecks = new Queue(QueueName.OperatorStatusChecks, { connection, prefix });
  const reconciliation = new Queue(QueueName.Reconciliation, { connection, prefix });
  const config = loadConfig(ReconcilerConfig, {
    MIN_AGE_SECONDS: '15',
    COLLECT_DEADLINE_SECONDS: '600',
    PAYOUT_DEADLINE_SECONDS: '3600',
    WATCH_SECONDS: '86400',
    SWEEP_INTERVAL_MS: '60000',
  });
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let sweep: () => Promise<unknown>;

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    const processor = new ReconciliationProcessor(new ReconciliationRepository(db.dataSource), new JobProducer(new QueueRegistry([statusChecks])), config);
    sweep = () => processor.process({ name: 'reconciliation-sweep', data: { sweep: 'pending-transactions' } } as Job);
  });
  beforeEach(() => statusChecks.obliterate({ force: true }));
  afterAll(async () => {
    await statusChecks.close();
    await reconciliation.close();
    await deleteQueueKeys(prefix);
    await db.drop();
  });

  const age = (id: string, seconds: number) => ageTransaction(db.dataSource, id, seconds);
  const fail = (id: string, failureCode: string, secondsAgo = 0) =>
    db.dataSource.query(
      `UPDATE transactions SET status = 'failed', failure_code = $2, failure_message = 'test', completed_at = now() - make_interval(secs => $3) WHERE id = $1`,
      [id, failureCode, secondsAgo],
    );
  const queued = async () =>
    (await statusChecks.getJobs(['waiting', 'delayed', 'active'])).map((j) => ({ id: j.id, transactionId: j.data.transactionId, reason: j.data.reason }));
  const checkOf = async (id: string) =>
    (
      await db.dataSource.query(
        `SELECT checks_made, extract(epoch FROM next_check_at - now())::float AS wait FROM reconciliation_checks WHERE transaction_id = $1`,
        [id],
      )
    )[0] as { checks_made: number; wait: number } | undefined;

  it('asks the operator about old pending transactions only, then waits before asking again', async () => {
    const old = await insertTransaction(db.dataSource, newTransaction(merchant));
    const young = await insertTransaction(db.dataSource, newTransaction(merchant));
    const settled = await insertTransaction(db.dataSource, newTransaction(merchant));
    await age(old.id, 60);
    await age(settled.id, 60);
    await db.dataSource.query(`UPDATE transactions SET status = 'succeeded', completed_at = now() WHERE id = $1`, [settled.id]);

    await sweep();
    expect(await queued()).toEqual([{ id: JobIds.statusCheck(old.id, 'reconcile-0'), transactionId: old.id, reason: 'reconcile' }]);
    expect(await checkOf(young.id)).toBeUndefined();
    const check = await checkOf(old.id);
    expect(check?.checks_made).toBe(1);
    expect(check?.wait).toBeGreaterThan(5);

    await sweep();
    expect(await statusChecks.getJobCounts('waiting')).toEqual({ waiting: 1 });

    await db.dataSource.query(`UPDATE reconciliation_checks SET next_check_at = now() WHERE transaction_id = $1`, [old.id]);
    await sweep();
    expect((await statusChecks.getJob(JobIds.statusCheck(old.id, 'reconcile-1')))?.data.transactionId).toBe(old.id);
    await fail(old.id, 'DECLINED');
  });

  it('never schedules the next check past the deadline, and asks with a deadline check once it has passed', async () => {
    const payment = await insertTransaction(db.dataSource, newTransaction(merchant, { direction: 'collect' }));
    const payout = await insertTransaction(db.dataSource, newTransaction(merchant, { direction: 'payout' }));
    await age(payment.id, 595); // 5 s before its 600 s deadline: the usual 10 s wait would overshoot it
    await age(payout.id, 595); // payouts have an hour

    await sweep();
    expect((await queued()).map((j) => j.reason)).toEqual(['reconcile', 'reconcile']);
    expect((await checkOf(payment.id))!.wait).toBeLessThan(5.5);
    expect((await checkOf(payout.id))!.wait).toBeGreaterThan(9);

    await age(payment.id, 601);
    await db.dataSource.query(`UPDATE reconciliation_checks SET next_check_at = now() WHERE transaction_id = $1`, [payment.id]);
    await sweep();
    const deadlineCheck = await statusChecks.getJob(JobIds.statusCheck(payment.id, 'deadline-1'));
    expect(deadlineCheck?.data).toEqual({ transactionId: payment.id, reason: 'deadline' });
    // Until the deadline check finishes it, the transaction is asked again soon, not on the slow schedule.
    expect((await checkOf(payment.id))!.wait).toBeLessThanOrEqual(config.DEADLINE_RECHECK_SECONDS);
    await fail(payment.id, 'DECLINED');
    await fail(payout.id, 'DECLINED');
  });

  it('watches failures of our own deciding for a while, and nothing else', async () => {
    const deadlineFailure = await insertTransaction(db.dataSource, newTransaction(merchant));
    const neverReceived = await insertTransaction(db.dataSource, newTransaction(merchant, { direction: 'payout' }));
    const declined = await insertTransaction(db.dataSource, newTransaction(merchant));
    const longAgo = await insertTransaction(db.dataSource, newTransaction(merchant));
    await fail(deadlineFailure.id, 'DEADLINE_EXCEEDED');
    await fail(neverReceived.id, 'NOT_RECEIVED', 3_600);
    await fail(declined.id, 'DECLINED');
    await fail(longAgo.id, 'DEADLINE_EXCEEDED', 86_400 + 60);

    await sweep();
    const jobs = await queued();
    expect(jobs.map((j) => j.transactionId).sort()).toEqual([deadlineFailure.id, neverReceived.id].sort());
    expect(jobs.every((j) => j.reason === 'watch')).toBe(true);
    expect((await checkOf(deadlineFailure.id))!.wait).toBeGreaterThan(5);

    await sweep();
    expect(await queued()).toHaveLength(2);
  });

  it('puts the sweep scheduler back when Redis lost it', async () => {
    const scheduler = new SweepScheduler(new JobProducer(new QueueRegistry([reconciliation])), config);
    await scheduler.onApplicationBootstrap();
    try {
      expect(await scheduler.ensureRegistered()).toBe(false);
      await reconciliation.removeJobScheduler(PENDING_SWEEP_SCHEDULER);
      expect(await reconciliation.getJobScheduler(PENDING_SWEEP_SCHEDULER)).toBeUndefined();
      expect(await scheduler.ensureRegistered()).toBe(true);
      expect(await reconciliation.getJobScheduler(PENDING_SWEEP_SCHEDULER)).toMatchObject({ every: 60_000 });
    } finally {
      await scheduler.onApplicationShutdown();
    }
  });
});
