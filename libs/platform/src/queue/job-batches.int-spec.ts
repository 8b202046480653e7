import { randomUUID } from 'node:crypto';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { JobIds, OperatorResultJob } from '@momo/contracts';
import { deleteQueueKeys, queuedItems, TEST_REDIS_URL, uniqueQueuePrefix, waitFor } from '@momo/testing';
import { InfraConfig, loadConfig } from '../config';
import { JobBatches } from './job-batches';
import { JobHandlerHost, JobHandlers } from './job-handler-host';
import { JobProducer } from './job-producer';
import { QueueRegistry } from './queue-registry';
import { redisOptionsFromUrl } from './redis-connection';

/** Fire-and-forget items sent in batches, over a real Redis, consumed by a JobHandlerHost as every service's consumers are. */
describe('JobBatches against Redis', () => {
  const prefix = uniqueQueuePrefix('batches');
  // A linger far longer than the gaps between the items sent below: a busy machine can hold this
  // process's timers back by tens of milliseconds, which must not split the batch.
  const config = loadConfig(InfraConfig, { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix, JOB_BATCH_LINGER_MS: '500' });
  const connection = redisOptionsFromUrl(TEST_REDIS_URL);
  const queue = new Queue('operator-results', { connection, prefix });
  const batches = new JobBatches(new JobProducer(new QueueRegistry([queue])), config);

  /** Runs of each item by transaction id; what an item does is chosen by its providerRef. */
  const runs = new Map<string, number>();
  let jobsTaken = 0;
  class TestResults extends JobHandlerHost<'operator-results'> {
    protected readonly queue = 'operator-results' as const;
    protected readonly handlers = {
      'apply-operator-result': async (result: OperatorResultJob) => {
        const n = (runs.get(result.transactionId) ?? 0) + 1;
        runs.set(result.transactionId, n);
        if (result.providerRef === 'never') throw new UnrecoverableError('cannot ever apply');
        if (result.providerRef === 'fails-once' && n === 1) throw new Error('database briefly down');
      },
    } as unknown as JobHandlers<'operator-results'>;
  }
  const host = new TestResults();
  let worker: Worker;

  beforeAll(async () => {
    worker = new Worker(
      'operator-results',
      async (job: Job) => {
        jobsTaken++;
        return host.process(job);
      },
      { connection, prefix },
    );
    await worker.waitUntilReady();
  });

  afterAll(async () => {
    await worker.close();
    await queue.close();
    await deleteQueueKeys(prefix);
  });

  const result = (providerRef: string): OperatorResultJob => ({ transactionId: randomUUID(), status: 'succeeded', providerRef, source: 'callback' });
  const send = (r: OperatorResultJob) => batches.send('apply-operator-result', r, { itemId: JobIds.operatorResult(r.transactionId, r.status) });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('sends items reported a few milliseconds apart as one job, and runs each', async () => {
    const taken = jobsTaken;
    const sent = [result('a'), result('b'), result('c')];
    const added = [send(sent[0])];
    await sleep(10);
    added.push(send(sent[1]));
    await sleep(10);
    added.push(send(sent[2]));
    await Promise.all(added);

    const items = (await queuedItems<OperatorResultJob>(queue)).filter((item) => sent.some((r) => r.transactionId === item.data.transactionId));
    expect(items.map((item) => item.id)).toEqual(sent.map((r) => JobIds.operatorResult(r.transactionId, 'succeeded')));
    await waitFor(() => (sent.every((r) => runs.get(r.transactionId) === 1) ? true : undefined), { what: 'every item run' });
    expect(jobsTaken - taken).toBe(1);
  });

  it('retries the whole batch when an item failed for a reason worth retrying, so that every item is applied', async () => {
    const flaky = result('fails-once');
    const steady = result('steady');
    await Promise.all([send(flaky), send(steady)]);
    await waitFor(() => (runs.get(flaky.transactionId) === 2 ? true : undefined), { what: 'the flaky item run again' });
    // Its batch-mate runs again too: items must be idempotent.
    expect(runs.get(steady.transactionId)).toBe(2);
  });

  it('does not retry a batch whose only failure can never succeed', async () => {
    const hopeless = result('never');
    const fine = result('fine');
    await Promise.all([send(hopeless), send(fine)]);
    await waitFor(() => (runs.get(fine.transactionId) === 1 && runs.get(hopeless.transactionId) === 1 ? true : undefined), { what: 'both items run' });
    const batchJob = (await queue.getJobs(['completed', 'failed'])).find((job) => JSON.stringify(job.data).includes(hopeless.transactionId));
    await waitFor(async () => ((await batchJob?.getState()) === 'completed' ? true : undefined), { what: 'the batch completed' });
    await sleep(200);
    expect(runs.get(hopeless.transactionId)).toBe(1);
  });
});
