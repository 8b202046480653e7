import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions, ensureDatabase, runMigrations } from '@momo/data';
import {
  ApiResponse,
  LocalStack,
  PrivatePostgres,
  PrivateRedis,
  seedMerchant,
  SeededMerchant,
  testStackOptions,
  uniqueQueuePrefix,
  WORKSPACE_ROOT,
} from '@momo/testing';
import { expectErrorEnvelope, MTN } from '../api/api-helpers';

/**
 * The gateway on its own private Postgres and Redis, which the test stops and starts: while a
 * dependency is down, reads and authentication answer 503 with Retry-After, as writes do, and
 * never a 500; once it is back, everything answers again.
 */
describe('gateway during a Postgres or Redis outage', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;
  let stack: LocalStack;
  let merchant: SeededMerchant;

  beforeAll(async () => {
    postgres = await PrivatePostgres.start();
    redis = await PrivateRedis.start();
    const databaseUrl = `${postgres.url}/momo`;
    await ensureDatabase(databaseUrl);
    await runMigrations(databaseUrl);
    const dataSource = new DataSource(dataSourceOptions(databaseUrl, 2, 'outage-test'));
    await dataSource.initialize();
    merchant = await seedMerchant(dataSource);
    await dataSource.destroy();
    const queuePrefix = uniqueQueuePrefix('outage');
    stack = await LocalStack.start({
      ...testStackOptions(databaseUrl, queuePrefix, join(WORKSPACE_ROOT, 'tmp', 'e2e-logs', `outages-${queuePrefix}`), redis.url),
      services: ['api-gateway'],
      env: { 'api-gateway': { DATABASE_POOL_SIZE: '3', COMMAND_WAIT_MS: '2000', QUEUE_COMMAND_TIMEOUT_MS: '1000' } },
    });
  });
  afterAll(async () => {
    await stack?.stop(5_000);
    await Promise.allSettled([postgres?.stop(), redis?.stop()]);
  });

  async function call(method: string, path: string, key: string, body?: unknown): Promise<ApiResponse<unknown>> {
    const res = await fetch(`${stack.url('api-gateway')}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  }

  function expectUnavailable(res: ApiResponse<unknown>, what: string): void {
    expect({ what, status: res.status }).toEqual({ what, status: 503 });
    expectErrorEnvelope(res, 503, 'SERVICE_UNAVAILABLE');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }

  it('answers reads and authentication 503 with Retry-After while Postgres is down, and recovers', async () => {
    // The app key is authenticated (and cached) before the outage; the account key is not.
    expect((await call('GET', '/v1/payments', merchant.appKey)).status).toBe(200);
    await postgres.down();
    try {
      expectUnavailable(await call('GET', '/v1/payments', merchant.appKey), 'a list read by a cached key');
      expectUnavailable(await call('GET', `/v1/payments/${randomUUID()}`, merchant.appKey), 'a single read by a cached key');
      expectUnavailable(await call('GET', '/v1/balance', merchant.accountKey), 'authentication of an uncached key');
      expectUnavailable(await call('GET', '/v1/apps', merchant.accountKey), 'authentication of an uncached key, again');
      expectUnavailable(await call('POST', '/v1/payments', merchant.appKey, { amount: 1000, msisdn: MTN }), 'a write');
    } finally {
      await postgres.up();
    }
    const back = await waitForStatus(() => call('GET', '/v1/balance', merchant.accountKey), 200);
    expect(back.status).toBe(200);
  });

  it('never answers 500 while Redis is down: reads still work, writes answer 503 with Retry-After', async () => {
    await redis.down();
    try {
      for (const [path, key] of [['/v1/payments', merchant.appKey], ['/v1/balance', merchant.accountKey], ['/v1/apps', merchant.accountKey]]) {
        const res = await call('GET', path, key);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
      }
      expectUnavailable(await call('POST', '/v1/payments', merchant.appKey, { amount: 1000, msisdn: MTN }), 'a write without its queue');
    } finally {
      await redis.up();
    }
  });
});

async function waitForStatus(request: () => Promise<ApiResponse<unknown>>, status: number): Promise<ApiResponse<unknown>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await request();
    if (res.status === status || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
