import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { ErrorEnvelopeFilter, loadConfig } from '@momo/platform';
import { deleteQueueKeys, TEST_REDIS_URL, uniqueQueuePrefix } from '@momo/testing';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { limitCallbacksPerSource } from './callback-rate-limit';

@Module({})
class NoRoutesModule {}

/**
 * Callbacks per source address counted in a real Redis and leased a few at a time: replicas share
 * one budget, a refusal is a 429 in the envelope with Retry-After, and an unreachable Redis lets
 * callbacks through.
 */
describe('operator-adapter: callbacks rate-limited per source (real Redis)', () => {
  const prefix = uniqueQueuePrefix('callback-rate');
  const apps: NestFastifyApplication[] = [];
  const inspector = new Redis(TEST_REDIS_URL);

  /** An adapter's HTTP edge with only the callback limit and one callback route, its Redis connection up. */
  const adapter = async (env: Record<string, string>, redisUrl = TEST_REDIS_URL): Promise<FastifyInstance> => {
    const app = await NestFactory.create<NestFastifyApplication>(NoRoutesModule, new FastifyAdapter(), { logger: false });
    const replica = apps.push(app); // numbered now: replicas started together must not share a probe source
    app.useGlobalFilters(new ErrorEnvelopeFilter()); // as every service's bootstrap does
    await limitCallbacksPerSource(app, loadConfig(OperatorAdapterConfig, { QUEUE_PREFIX: prefix, REDIS_URL: redisUrl, ...env }));
    const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
    fastify.post('/callbacks/mtn/:id', async () => ({ ok: true }));
    await app.init();
    await fastify.ready();
    if (redisUrl === TEST_REDIS_URL) await untilCounted(fastify, `192.0.2.${replica}`);
    return fastify;
  };
  /** Until then callbacks go through uncounted (as with no Redis): a source of its own shows when counting starts. */
  const untilCounted = async (fastify: FastifyInstance, source: string) => {
    for (let tries = 0; tries < 100; tries++) {
      await callback(fastify, source);
      if ((await inspector.keys(`${prefix}:callback-rate:${source}:*`)).length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the callback limiter never reached Redis');
  };
  const callback = (fastify: FastifyInstance, source: string) =>
    fastify.inject({ method: 'POST', url: `/callbacks/mtn/${randomUUID()}`, payload: {}, remoteAddress: source });
  /** Starts with most of a minute left, so a sequence does not straddle two windows. */
  const freshWindow = async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
  };

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await deleteQueueKeys(prefix);
    inspector.disconnect();
  });

  it('lets a source through up to its budget, then answers 429 in the envelope; another source has its own', async () => {
    await freshWindow();
    const fastify = await adapter({ CALLBACK_RATE_LIMIT_PER_MINUTE: '30' });
    const statuses: number[] = [];
    for (let i = 0; i < 33; i++) statuses.push((await callback(fastify, '198.51.100.10')).statusCode);
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429, 429, 429]);
    const refused = await callback(fastify, '198.51.100.10');
    expect(refused.json()).toMatchObject({ status: 'error', code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await callback(fastify, '198.51.100.11')).statusCode).toBe(200);
  });

  it('asks Redis for a few callbacks at a time, not once per callback', async () => {
    await freshWindow();
    const fastify = await adapter({ CALLBACK_RATE_LIMIT_PER_MINUTE: '10000' });
    for (let i = 0; i < 50; i++) expect((await callback(fastify, '198.51.100.20')).statusCode).toBe(200);
    const [key] = await inspector.keys(`${prefix}:callback-rate:198.51.100.20:*`);
    // One lease of a tenth of the budget (100 at most) covered all 50.
    expect(Number(await inspector.get(key))).toBe(100);
  });

  it('never lets more through than the budget across replicas, even all at once', async () => {
    await freshWindow();
    const replicas = await Promise.all([1, 2, 3].map(() => adapter({ CALLBACK_RATE_LIMIT_PER_MINUTE: '200' })));
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => callback(replicas[i % 3], '198.51.100.30')));
    const accepted = answers.filter((answer) => answer.statusCode === 200).length;
    expect(accepted).toBeLessThanOrEqual(200);
    expect(accepted).toBeGreaterThanOrEqual(180);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(300 - accepted);
  });

  it('keeps counting when Redis answered while the adapter was too busy to read it (a burst, a GC pause)', async () => {
    await freshWindow();
    const fastify = await adapter({ CALLBACK_RATE_LIMIT_PER_MINUTE: '50' });
    const answers = Promise.all(Array.from({ length: 100 }, () => callback(fastify, '198.51.100.31')));
    await new Promise((resolve) => setImmediate(resolve)); // the callbacks have asked Redis
    const until = Date.now() + 1_000; // longer than the limiter's Redis timeout
    while (Date.now() < until);
    const statuses = (await answers).map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
  });

  it('lets callbacks through when Redis does not answer', async () => {
    const fastify = await adapter({ CALLBACK_RATE_LIMIT_PER_MINUTE: '1' }, 'redis://127.0.0.1:1/0');
    for (let i = 0; i < 3; i++) expect((await callback(fastify, '198.51.100.40')).statusCode).toBe(200);
  });
});
