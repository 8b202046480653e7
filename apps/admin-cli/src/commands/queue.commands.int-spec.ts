import { Queue, Worker } from 'bullmq';
import { QueueName } from '@momo/contracts';
import { redisOptionsFromUrl } from '@momo/platform';
import { deleteQueueKeys, runAdminCli, TEST_REDIS_URL, uniqueQueuePrefix, waitFor } from '@momo/testing';

/** What on-call sees of the queues, through the compiled CLI against the real Redis. */
describe('admin-cli queues', () => {
  const queuePrefix = uniqueQueuePrefix('cliq');
  const connection = redisOptionsFromUrl(TEST_REDIS_URL);
  const queue = new Queue(QueueName.WebhookEvents, { connection, prefix: queuePrefix });
  const cli = (...args: string[]) => runAdminCli(args, { databaseUrl: 'postgres://unused@127.0.0.1/unused', queuePrefix });

  afterAll(async () => {
    await queue.close();
    await deleteQueueKeys(queuePrefix);
  });

  it('counts jobs per state, shows why jobs failed, and puts failed jobs back', async () => {
    const worker = new Worker(
      QueueName.WebhookEvents,
      async () => {
        throw new Error('receiver exploded');
      },
      { connection, prefix: queuePrefix },
    );
    await queue.add('publish-webhook-event', { eventId: '3f0e8c1a-9d4b-4e2a-8f6c-1b2d3e4f5a6b' }, { jobId: 'event.x', attempts: 1 });
    await waitFor(async () => ((await queue.getFailedCount()) === 1 ? true : undefined), { what: 'the job to fail' });
    await worker.close();

    const status = await cli('queues', 'status', '--json');
    expect(status.status).toBe(0);
    const rows = JSON.parse(status.stdout) as { queue: string; failed: number; waiting: number }[];
    expect(rows.find((r) => r.queue === QueueName.WebhookEvents)).toMatchObject({ failed: 1, waiting: 0 });
    expect(rows.map((r) => r.queue)).toContain(QueueName.PaymentCommands);

    const failed = await cli('queues', 'failed', QueueName.WebhookEvents);
    expect(failed.stdout).toContain('event.x');
    expect(failed.stdout).toContain('receiver exploded');

    const retried = await cli('queues', 'retry', QueueName.WebhookEvents);
    expect(retried.stdout).toContain('1 failed job(s)');
    expect(await queue.getJobCounts('failed', 'waiting')).toEqual({ failed: 0, waiting: 1 });
  });

  it('names the queues when given an unknown one', async () => {
    const result = await cli('queues', 'failed', 'nope');
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('unknown queue "nope"');
    expect(result.stderr).toContain(QueueName.PaymentCommands);
  });
});
