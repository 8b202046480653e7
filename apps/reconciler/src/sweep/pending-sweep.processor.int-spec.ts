import { getQueueToken } from '@nestjs/bullmq';
import { ModuleRef } from '@nestjs/core';
import { Job, Queue } from 'bullmq';
import { JobIds, QueueName } from '@momo/contracts';
import { ReconciliationRepository } from '@momo/data';
import { JobProducer, loadConfig, redisOptionsFromUrl } from '@momo/platform';
import {
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
import { PendingSweepProcessor } from './pending-sweep.processor';

describe('pending sweep (Postgres + Redis)', () => {
  const prefix = uniqueQueuePrefix('recon');
  const connection = redisOptionsFromUrl(TEST_REDIS_URL);
  const operatorRequests = new Queue(QueueName.OperatorStatusChecks, { connection, prefix });
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let sweep: () => Promise<unknown>;

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    const moduleRef = { get: (token: string) => (token === getQueueToken(QueueName.OperatorStatusChecks) ? operatorRequests : undefined) } as unknown as ModuleRef;
    const config = loadConfig(ReconcilerConfig, { MIN_AGE_SECONDS: '15' });
    const processor = new PendingSweepProcessor(new ReconciliationRepository(db.dataSource), new JobProducer(moduleRef), config);
    sweep = () => processor.process({ name: 'reconciliation-sweep', data: { sweep: 'pending-transactions' } } as Job);
  });
  afterAll(async () => {
    await operatorRequests.close();
    await deleteQueueKeys(prefix);
    await db.drop();
  });

  const age = (id: string, seconds: number) =>
    db.dataSource.query(`UPDATE transactions SET created_at = now() - make_interval(secs => $2) WHERE id = $1`, [id, seconds]);

  it('asks the operator about old pending transactions only, then waits before asking again', async () => {
    const old = await insertTransaction(db.dataSource, newTransaction(merchant));
    const young = await insertTransaction(db.dataSource, newTransaction(merchant));
    const settled = await insertTransaction(db.dataSource, newTransaction(merchant));
    await age(old.id, 60);
    await age(settled.id, 60);
    await db.dataSource.query(`UPDATE transactions SET status = 'succeeded', completed_at = now() WHERE id = $1`, [settled.id]);

    await sweep();
    const queued = await operatorRequests.getJobs(['waiting', 'delayed', 'active']);
    expect(queued.map((j) => j.data.transactionId)).toEqual([old.id]);
    expect(queued[0].id).toBe(JobIds.statusCheck(old.id, 'reconcile-0'));
    expect(queued[0].data.reason).toBe('reconcile');

    const [check] = await db.dataSource.query(
      `SELECT checks_made, extract(epoch FROM next_check_at - now()) AS wait FROM reconciliation_checks WHERE transaction_id = $1`,
      [old.id],
    );
    expect(check.checks_made).toBe(1);
    expect(Number(check.wait)).toBeGreaterThan(5);

    await sweep();
    expect(await operatorRequests.getJobCounts('waiting')).toEqual({ waiting: 1 });

    await db.dataSource.query(`UPDATE reconciliation_checks SET next_check_at = now() WHERE transaction_id = $1`, [old.id]);
    await sweep();
    const again = await operatorRequests.getJob(JobIds.statusCheck(old.id, 'reconcile-1'));
    expect(again?.data.transactionId).toBe(old.id);
  });
});
