import { AddressInfo, createServer, Socket } from 'node:net';
import { Job, Worker } from 'bullmq';
import { JobIds } from '@momo/contracts';
import { deleteQueueKeys, TEST_REDIS_URL, uniqueQueuePrefix } from '@momo/testing';
import { InfraConfig, loadConfig } from '../config';
import { JobProducer } from './job-producer';
import { JobRpc } from './job-rpc';
import { validateJobPayload } from './job-handler-host';
import { redisOptionsFromUrl } from './redis-connection';
import { Queue } from 'bullmq';
import { ModuleRef } from '@nestjs/core';
import { getQueueToken } from '@nestjs/bullmq';

/** Request/reply over a real Redis: replies, timeouts, failures and deduplication by job id. */
describe('JobRpc against Redis', () => {
  const prefix = uniqueQueuePrefix('rpc');
  const config = loadConfig(InfraConfig, { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix });
  const connection = redisOptionsFromUrl(TEST_REDIS_URL);
  const queue = new Queue('payment-commands', { connection, prefix });
  const moduleRef = { get: (token: string) => (token === getQueueToken('payment-commands') ? queue : undefined) } as unknown as ModuleRef;
  const rpc = new JobRpc(new JobProducer(moduleRef), config);
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

  beforeAll(async () => {
    worker = new Worker(
      'payment-commands',
      async (job: Job) => {
        runs++;
        const payload = validateJobPayload('create-payment', job.data);
        if (payload.amount === 666) throw new Error('refused by test');
        if (payload.amount === 777) await new Promise((resolve) => setTimeout(resolve, 1_500));
        return { outcome: 'created', echoed: payload.amount };
      },
      { connection, prefix, concurrency: 5 },
    );
    await worker.waitUntilReady();
  });

  afterAll(async () => {
    await worker.close();
    await rpc.onApplicationShutdown();
    await queue.close();
    await deleteQueueKeys(prefix);
  });

  it('returns the consumer reply', async () => {
    const id = '0f8e2a9c-4b7d-4e1f-9a3c-2d5b6e7f8a9b';
    const result = await rpc.call('create-payment', command(id, 1234), { jobId: JobIds.createPayment(id), timeoutMs: 5_000 });
    expect(result).toEqual({ status: 'completed', value: { outcome: 'created', echoed: 1234 } });
  });

  it('joins the first job when called again with the same id, instead of running it twice', async () => {
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

  it('refuses an invalid payload before any handler sees it', () => {
    expect(() => validateJobPayload('create-payment', { ...command('not-a-uuid'), extra: 1 })).toThrow(/transactionId/);
    expect(() => validateJobPayload('create-payment', { ...command('0f8e2a9c-4b7d-4e1f-9a3c-2d5b6e7f8a9b'), extra: 1 })).toThrow(/extra/);
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
    const producer = new JobProducer({ get: () => deadQueue } as unknown as ModuleRef, deadConfig);
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
