import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { QueueName } from '@momo/contracts';
import { deleteQueueKeys, TEST_REDIS_URL, uniqueQueuePrefix, waitFor } from '@momo/testing';
import { JobProducer } from './job-producer';
import { QueueRegistry } from './queue-registry';
import { redisOptionsFromUrl } from './redis-connection';

/** JobProducer.requeue against a real Redis: which ids it replaces, adds, and leaves alone. */
describe('requeue (Redis)', () => {
  const prefix = uniqueQueuePrefix('requeue');
  const connection = redisOptionsFromUrl(TEST_REDIS_URL);
  const queue = new Queue(QueueName.WebhookDeliveries, { connection, prefix });
  const producer = new JobProducer(new QueueRegistry([queue]));
  const APP = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const job = (deliveryId: string, attempt = 1, delay = 0) => ({ payload: { deliveryId, appId: APP, attempt }, options: { jobId: `d-${deliveryId}`, delay } });
  const ids = { failed: '0a0a0a0a-0000-4000-8000-000000000001', completed: '0a0a0a0a-0000-4000-8000-000000000002', waiting: '0a0a0a0a-0000-4000-8000-000000000003', delayed: '0a0a0a0a-0000-4000-8000-000000000004', lost: '0a0a0a0a-0000-4000-8000-000000000005' };

  /** One job of each state under its id: one failed for good, one completed, one waiting, one delayed, and one Redis never had. */
  async function seed(): Promise<void> {
    await queue.obliterate({ force: true });
    await producer.addBulk('deliver-webhook', [job(ids.failed), job(ids.completed)]);
    const worker = new Worker(
      QueueName.WebhookDeliveries,
      async (done) => {
        if (done.data.deliveryId === ids.failed) throw new UnrecoverableError('failed for good');
      },
      { connection, prefix },
    );
    try {
      await waitFor(async () => ((await queue.getJobState(`d-${ids.failed}`)) === 'failed' && (await queue.getJobState(`d-${ids.completed}`)) === 'completed') || undefined, {
        timeoutMs: 5_000,
        what: 'the seeded jobs to finish',
      });
    } finally {
      await worker.close();
    }
    await producer.addBulk('deliver-webhook', [job(ids.waiting), job(ids.delayed, 1, 600_000)]);
  }
  const all = (attempt: number) => [ids.failed, ids.completed, ids.waiting, ids.delayed, ids.lost].map((id) => job(id, attempt));
  const stateOf = (id: string) => queue.getJobState(`d-${id}`);
  const attemptOf = async (id: string) => (await queue.getJob(`d-${id}`))?.data.attempt as number | undefined;

  afterAll(async () => {
    await queue.close();
    await deleteQueueKeys(prefix);
  });

  it('replaces a job that failed for good, adds a lost one, and leaves the rest as they are', async () => {
    await seed();
    expect(await producer.requeue('deliver-webhook', all(2), ['failed'])).toEqual(['failed', 'completed', 'waiting', 'delayed', 'unknown']);
    expect(await stateOf(ids.failed)).toBe('waiting');
    expect(await attemptOf(ids.failed)).toBe(2);
    expect(await stateOf(ids.lost)).toBe('waiting');
    expect(await attemptOf(ids.lost)).toBe(2);
    expect(await stateOf(ids.completed)).toBe('completed');
    expect(await attemptOf(ids.completed)).toBe(1);
    expect(await attemptOf(ids.waiting)).toBe(1);
    expect(await stateOf(ids.delayed)).toBe('delayed');
    expect(await attemptOf(ids.delayed)).toBe(1);
  });

  it('replaces completed jobs too when asked', async () => {
    await seed();
    await producer.requeue('deliver-webhook', all(3), ['completed', 'failed']);
    expect(await stateOf(ids.completed)).toBe('waiting');
    expect(await attemptOf(ids.completed)).toBe(3);
    expect(await attemptOf(ids.failed)).toBe(3);
    expect(await attemptOf(ids.waiting)).toBe(1);
  });

  it('does nothing for no jobs', async () => {
    expect(await producer.requeue('deliver-webhook', [], ['failed'])).toEqual([]);
  });
});
