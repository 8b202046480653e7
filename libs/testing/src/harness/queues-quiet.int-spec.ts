import { Queue, Worker } from 'bullmq';
import { QueueName } from '@momo/contracts';
import { redisOptionsFromUrl } from '@momo/platform';
import { deleteQueueKeys, TEST_REDIS_URL, uniqueQueuePrefix } from '../redis';
import { waitForAllJobsToFinish } from './queues-quiet';

/** The queue-drain helper against the real Redis: it waits for work, not for time. */
describe('waitForAllJobsToFinish (Redis)', () => {
  const prefix = uniqueQueuePrefix('quiet');
  const connection = redisOptionsFromUrl(TEST_REDIS_URL);
  const queue = new Queue(QueueName.Settlement, { connection, prefix });
  const done: string[] = [];
  let worker: Worker | undefined;

  afterAll(async () => {
    await worker?.close();
    await queue.close();
    await deleteQueueKeys(prefix);
  });

  it('names the queue that is still busy when nothing consumes it', async () => {
    await queue.add('run-settlement', { mode: 'test' }, { jobId: 'waiting-one' });
    await expect(waitForAllJobsToFinish(prefix, { timeoutMs: 300 })).rejects.toThrow(`${QueueName.Settlement}: 1 waiting`);
  });

  it('returns once every job, and the jobs they add, have run; a scheduler’s repeats and far-off delays do not count', async () => {
    await queue.upsertJobScheduler('every-second', { every: 1_000 }, { name: 'run-settlement', data: { mode: 'live' } });
    await queue.add('run-settlement', { mode: 'test' }, { jobId: 'tomorrow', delay: 86_400_000 });
    await queue.add('run-settlement', { mode: 'test' }, { jobId: 'soon', delay: 300 });
    worker = new Worker(
      QueueName.Settlement,
      async (job) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        done.push(job.id!);
        // A hop: the job that ran first adds the next one as it completes.
        if (job.id === 'waiting-one') await queue.add('run-settlement', { mode: 'test' }, { jobId: 'next-hop' });
      },
      { connection, prefix },
    );
    await waitForAllJobsToFinish(prefix, { timeoutMs: 5_000 });
    expect(done).toEqual(expect.arrayContaining(['waiting-one', 'next-hop', 'soon']));
    expect(done).not.toContain('tomorrow');
  });
});
