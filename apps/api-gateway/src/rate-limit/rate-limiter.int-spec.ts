import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { loadConfig } from '@momo/platform';
import { deleteQueueKeys, TEST_API_KEY_PEPPER, TEST_REDIS_URL, TEST_SECRETS_KEY, uniqueQueuePrefix } from '@momo/testing';
import { ApiGatewayConfig } from '../api-gateway.config';
import { GatewayRedis } from '../redis/gateway-redis';
import { RateDecision, RateLimiter } from './rate-limiter';

/**
 * Per-key budgets counted in a real Redis, a few requests leased at a time: one gateway decides
 * exactly as if it counted every request there, several never let more through than the budget,
 * and no Redis lets everything through.
 */
describe('api-gateway: rate limiter (real Redis)', () => {
  const prefix = uniqueQueuePrefix('ratelimit');
  const connections: GatewayRedis[] = [];
  const inspector = new Redis(TEST_REDIS_URL);

  /** A gateway's limiter, started as the gateway starts (it serves requests only after this). */
  const gateway = async (redisUrl = TEST_REDIS_URL) => {
    const config = loadConfig(ApiGatewayConfig, {
      QUEUE_PREFIX: prefix,
      REDIS_URL: redisUrl,
      API_KEY_PEPPER: TEST_API_KEY_PEPPER,
      SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
    });
    const redis = new GatewayRedis(config);
    connections.push(redis);
    const limiter = new RateLimiter(redis, config);
    await redis.onApplicationBootstrap();
    return limiter;
  };
  /** What Redis holds for the key's current window: every request it granted, to any gateway. */
  const countedInRedis = async (keyId: string) => {
    const keys = await inspector.keys(`${prefix}:ratelimit:${keyId}:writes:*`);
    return keys.length === 0 ? 0 : Number(await inspector.get(keys[0]));
  };
  /** Starts with most of a minute left, so a sequence does not straddle two windows. */
  const freshWindow = async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
  };

  afterAll(async () => {
    connections.forEach((c) => c.onApplicationShutdown());
    inspector.disconnect();
    await deleteQueueKeys(prefix);
  });

  it('one gateway: every request counted and answered as if Redis were asked each time, in far fewer round trips', async () => {
    await freshWindow();
    const limiter = await gateway();
    const keyId = randomUUID();
    const first = (await limiter.take(keyId, 'writes', 1_000))!;
    expect(first).toMatchObject({ allowed: true, limit: 1_000, remaining: 999 });
    // Redis granted this gateway a tenth of the budget at once; it spends them without asking again.
    expect(await countedInRedis(keyId)).toBe(100);
    for (let i = 2; i <= 100; i++) expect((await limiter.take(keyId, 'writes', 1_000))!.remaining).toBe(1_000 - i);
    expect(await countedInRedis(keyId)).toBe(100);
    expect((await limiter.take(keyId, 'writes', 1_000))!.remaining).toBe(899);
    expect(await countedInRedis(keyId)).toBe(190);
  });

  it('one gateway, concurrent requests: exactly the budget is let through, each told a different remainder', async () => {
    await freshWindow();
    const limiter = await gateway();
    const keyId = randomUUID();
    const decisions = (await Promise.all(Array.from({ length: 300 }, () => limiter.take(keyId, 'writes', 250)))) as RateDecision[];
    const allowed = decisions.filter((d) => d.allowed);
    expect(allowed).toHaveLength(250);
    expect(allowed.map((d) => d.remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(decisions.filter((d) => !d.allowed).every((d) => d.remaining === 0 && d.resetSeconds >= 1)).toBe(true);
    // A refused request is not counted: Redis holds the budget, not the 300 asked.
    expect(await countedInRedis(keyId)).toBe(250);
    expect((await limiter.take(keyId, 'writes', 250))!.allowed).toBe(false);
  });

  it('a small budget is counted one request at a time: the last one is let through and the next refused', async () => {
    await freshWindow();
    const limiter = await gateway();
    const keyId = randomUUID();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await limiter.take(keyId, 'writes', 3));
    expect(answers.map((d) => `${d!.allowed}:${d!.remaining}`)).toEqual(['true:2', 'true:1', 'true:0', 'false:0', 'false:0']);
    expect(await countedInRedis(keyId)).toBe(3);
    // A budget raised mid-window (admin-cli merchant budgets) applies to the next request.
    expect(await limiter.take(keyId, 'writes', 4)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it('several gateways share one budget: together they never let more through than it', async () => {
    await freshWindow();
    const replicas = await Promise.all([gateway(), gateway(), gateway()]);
    const keyId = randomUUID();
    const decisions = (await Promise.all(
      Array.from({ length: 600 }, (_, i) => replicas[i % 3].take(keyId, 'writes', 400)),
    )) as RateDecision[];
    const allowed = decisions.filter((d) => d.allowed).length;
    // What another replica leased and has not spent counts as used: a few may be refused early, none let through late.
    expect(allowed).toBeLessThanOrEqual(400);
    expect(allowed).toBeGreaterThanOrEqual(400 - 3 * 40);
    expect(await countedInRedis(keyId)).toBeLessThanOrEqual(400);
  });

  it('reads and writes, and keys, have budgets of their own', async () => {
    await freshWindow();
    const limiter = await gateway();
    const [one, two] = [randomUUID(), randomUUID()];
    expect((await limiter.take(one, 'writes', 1))!.allowed).toBe(true);
    expect((await limiter.take(one, 'writes', 1))!.allowed).toBe(false);
    expect((await limiter.take(one, 'reads', 1))!.allowed).toBe(true);
    expect((await limiter.take(two, 'writes', 1))!.allowed).toBe(true);
  });

  it('Redis not answering: no decision, so the request goes through', async () => {
    const limiter = await gateway('redis://127.0.0.1:1');
    expect(await limiter.take(randomUUID(), 'writes', 10)).toBeNull();
  });
});
