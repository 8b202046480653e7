import { AddressInfo, createServer, Socket } from 'node:net';
import { Job, Worker } from 'bullmq';
import { JOBS, JobIds } from '@momo/contracts';
import { deleteQueueKeys, TEST_REDIS_URL, uniqueQueuePrefix } from '@momo/testing';
import { InfraConfig, loadConfig } from '../config';
import { JobProducer } from './job-producer';
import { JobRpc } from './job-rpc';
import { QueueRegistry } from './queue-registry';
import { JobHandlerHost, JobHandlers, validateJobPayload } from './job-handler-host';
import { redisOptionsFromUrl } from './redis-connection';
import { closeReplyPublisher, useReplyConnection } from './reply-publisher';
import { Queue } from 'bullmq';

/** Request/reply over a real Redis: replies, timeouts, failures and deduplication by job id. */
describe('JobRpc against Redis', () => {
  const prefix = uniqueQueuePrefix('rpc');
  const config = loadConfig(InfraConfig, { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix });
  const connection = redisOptionsFromUrl(TEST_REDIS_URL);
  const queue = new Queue('payment-commands', { connection, prefix });
  const rpc = new JobRpc(new JobProducer(new QueueRegistry([queue])), config);
  let worker: Worker;
  let runs = 0;

  const command = (transactionId: string, amount = 1000) => ({
    transactionId,
    merchantId: '9b2f7e1c-1d2a-4c3b-8e4f-5a6b7c8d9e0f',
    appId: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    mode: 'test' as const,
    amount,
    msisdn: '250788123456',
    network: 'mtn' as const,
    description: '',
    reference: '',
    metadata: {},
    initiatedBy: 'api' as const,
  });

  /** Jobs the consumer took from the queue (a batch counts once), and calls it ran. */
  let jobsTaken = 0;
  let slowCallsDone = 0;

  /** The consumer as every service has it: a JobHandlerHost, which also runs batches call by call. */
  class TestCommands extends JobHandlerHost<'payment-commands'> {
    protected readonly queue = 'payment-commands' as const;
    protected readonly handlers = {
      'create-payment': async (payload: { amount: number }) => {
        runs++;
        if (payload.amount === 666) throw new Error('refused by test');
        if (payload.amount === 777) {
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          slowCallsDone++;
        }
        return { outcome: 'created', echoed: payload.amount };
      },
    } as unknown as JobHandlers<'payment-commands'>;
  }
  const host = new TestCommands();

  beforeAll(async () => {
    useReplyConnection(connection);
    worker = new Worker(
      'payment-commands',
      async (job: Job) => {
        jobsTaken++;
        return host.process(job);
      },
      { connection, prefix, concurrency: 5 },
    );
    await worker.waitUntilReady();
  });

  afterAll(async () => {
    await worker.close();
    await rpc.onApplicationShutdown();
    await closeReplyPublisher();
    await queue.close();
    await deleteQueueKeys(prefix);
  });

  it('returns the consumer reply', async () => {
    const id = '0f8e2a9c-4b7d-4e1f-9a3c-2d5b6e7f8a9b';
    const result = await rpc.call('create-payment', command(id, 1234), { jobId: JobIds.createPayment(id), timeoutMs: 5_000 });
    expect(result).toEqual({ status: 'completed', value: { outcome: 'created', echoed: 1234 } });
  });

  it('joins a call in flight in this process when called again with the same id, instead of running it twice', async () => {
    const id = '3a4b5c6d-7e8f-4a0b-9c1d-2e3f4a5b6c7d';
    const before = runs;
    const [a, b] = await Promise.all([
      rpc.call('create-payment', command(id, 555), { jobId: JobIds.createPayment(id), timeoutMs: 5_000 }),
      rpc.call('create-payment', command(id, 555), { jobId: JobIds.createPayment(id), timeoutMs: 5_000 }),
    ]);
    expect(a).toEqual(b);
    expect(runs - before).toBe(1);
  });

  it('reports a consumer failure as failed, and a slow consumer as a timeout', async () => {
    const failing = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
    expect(await rpc.call('create-payment', command(failing, 666), { jobId: JobIds.createPayment(failing), timeoutMs: 5_000 })).toEqual({
      status: 'failed',
      reason: 'refused by test',
    });
    const slow = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
    expect(await rpc.call('create-payment', command(slow, 777), { jobId: JobIds.createPayment(slow), timeoutMs: 300 })).toEqual({
      status: 'timeout',
    });
  });

  it('sends calls made together as fewer jobs under load, each answered with its own reply', async () => {
    const ids = Array.from({ length: 60 }, (_, i) => `${String(i).padStart(8, '0')}-4b7d-4e1f-9a3c-2d5b6e7f8a9b`);
    const takenBefore = jobsTaken;
    const runsBefore = runs;
    const results = await Promise.all(ids.map((id, i) => rpc.call('create-payment', command(id, 2000 + i), { jobId: JobIds.createPayment(id), timeoutMs: 5_000 })));
    expect(results).toEqual(ids.map((_, i) => ({ status: 'completed', value: { outcome: 'created', echoed: 2000 + i } })));
    expect(runs - runsBefore).toBe(60);
    expect(jobsTaken - takenBefore).toBeLessThan(60);
  });

  it('fails only the call whose handler failed when it travelled in a batch', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `${String(i).padStart(8, '0')}-1111-4e1f-9a3c-2d5b6e7f8a9b`);
    const results = await Promise.all(ids.map((id, i) => rpc.call('create-payment', command(id, i === 3 ? 666 : 3000 + i), { jobId: JobIds.createPayment(id), timeoutMs: 5_000 })));
    expect(results[3]).toEqual({ status: 'failed', reason: 'refused by test' });
    expect(results.filter((r) => r.status === 'completed')).toHaveLength(7);
  });

  it('answers each call of a batch as soon as it is done: a slow call does not hold up the others', async () => {
    // The first call leaves alone; the next ones, the slow one among them, leave together in one batch.
    const ids = Array.from({ length: 6 }, (_, i) => `${String(i).padStart(8, '0')}-2222-4e1f-9a3c-2d5b6e7f8a9b`);
    const slowBefore = slowCallsDone;
    const takenBefore = jobsTaken;
    const fastAnsweredBeforeSlowDone = await Promise.all(
      ids.map((id, i) =>
        rpc.call('create-payment', command(id, i === 5 ? 777 : 4000 + i), { jobId: JobIds.createPayment(id), timeoutMs: 5_000 }).then((result) => {
          expect(result.status).toBe('completed');
          return slowCallsDone === slowBefore;
        }),
      ),
    );
    expect(jobsTaken - takenBefore).toBeLessThan(6);
    expect(fastAnsweredBeforeSlowDone).toEqual([true, true, true, true, true, false]);
  });

  it('refuses an invalid payload before any handler sees it', () => {
    expect(() => validateJobPayload('create-payment', { ...command('not-a-uuid'), extra: 1 })).toThrow(/transactionId/);
    expect(() => validateJobPayload('create-payment', { ...command('0f8e2a9c-4b7d-4e1f-9a3c-2d5b6e7f8a9b'), extra: 1 })).toThrow(/extra/);
    expect(() => validateJobPayload('create-payment', JSON.parse(`{"__proto__": {}, "transactionId": "0f8e2a9c-4b7d-4e1f-9a3c-2d5b6e7f8a9b"}`))).toThrow(/not an object/);
    expect(() => validateJobPayload('initiate-transaction', ['0f8e2a9c-4b7d-4e1f-9a3c-2d5b6e7f8a9b'])).toThrow(/not an object/);
    expect(() => validateJobPayload('initiate-transaction', 'text')).toThrow(/not an object/);
  });

  it('hands the handler an instance of the payload class with exactly the fields sent', () => {
    const sent = command('0f8e2a9c-4b7d-4e1f-9a3c-2d5b6e7f8a9b');
    const payload = validateJobPayload('create-payment', sent);
    expect(payload).toBeInstanceOf(JOBS['create-payment'].payload);
    expect({ ...payload }).toEqual(sent);
  });

  it('gives up on a Redis that does not answer within the bound, instead of hanging the caller', async () => {
    // A "Redis" that accepts connections and never answers: commands hang, as in a network partition.
    const sockets = new Set<Socket>();
    const blackHole = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const url = `redis://127.0.0.1:${(blackHole.address() as AddressInfo).port}/0`;
    const deadConnection = { ...redisOptionsFromUrl(url), retryStrategy: () => null, enableReadyCheck: false };
    const deadQueue = new Queue('payment-commands', { connection: deadConnection, prefix });
    deadQueue.on('error', () => undefined);
    const deadConfig = loadConfig(InfraConfig, { REDIS_URL: url, QUEUE_PREFIX: prefix, QUEUE_COMMAND_TIMEOUT_MS: '300' });
    const producer = new JobProducer(new QueueRegistry([deadQueue]), deadConfig);
    try {
      const started = Date.now();
      await expect(producer.add('create-payment', command('9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d'), { jobId: 'x' })).rejects.toThrow(
        /did not accept the job within 300 ms/,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => blackHole.close(resolve));
      await deadQueue.disconnect();
    }
  });
});
