import { createServer, type Server, type Socket } from 'node:net';
import Redis from 'ioredis';
import { TEST_REDIS_URL, uniqueQueuePrefix } from '@momo/testing';
import { connectedWithin, failFastRedis } from './fail-fast-redis';
import { redisOptionsFromUrl } from './redis-connection';

const ANSWER_WITHIN_MS = 100;

/** Keeps the event loop busy, as a burst of requests or a long GC pause does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

const outcome = (reply: Promise<unknown>) => reply.then((value) => `answered ${String(value)}`, (error: Error) => `failed: ${error.message}`);

describe('failFastRedis (real Redis)', () => {
  const clients: Redis[] = [];
  const opened = <T extends Redis>(client: T): T => {
    client.on('error', () => undefined);
    clients.push(client);
    return client;
  };
  let silent: Server;
  const silentSockets: Socket[] = [];

  beforeAll(async () => {
    // Accepts connections and never answers: a Redis that hangs.
    silent = createServer((socket) => silentSockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    for (const socket of silentSockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('keeps a reply Redis sent while the event loop was busy past the timeout (ioredis commandTimeout drops it)', async () => {
    const ours = opened(failFastRedis(TEST_REDIS_URL, { answerWithinMs: ANSWER_WITHIN_MS, offlineQueue: false }));
    const ioredisTimeout = opened(new Redis({ ...redisOptionsFromUrl(TEST_REDIS_URL), maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: ANSWER_WITHIN_MS }));
    await Promise.all([ours, ioredisTimeout].map((client) => new Promise((ready) => client.once('ready', ready))));

    const replies = [outcome(ours.ping()), outcome(ioredisTimeout.ping())];
    busyFor(3 * ANSWER_WITHIN_MS);
    expect(await Promise.all(replies)).toEqual(['answered PONG', 'failed: Command timed out']);
  });

  it('fails a command that a connected Redis never answers, once the timeout has passed', async () => {
    const port = (silent.address() as { port: number }).port;
    const client = opened(failFastRedis(`redis://127.0.0.1:${port}`, { answerWithinMs: ANSWER_WITHIN_MS }));
    const sentAt = Date.now();
    expect(await outcome(client.get('anything'))).toBe('failed: Command timed out');
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(ANSWER_WITHIN_MS - 5);
    expect(Date.now() - sentAt).toBeLessThan(ANSWER_WITHIN_MS + 1_000);
  });

  it('without the offline queue, fails at once while Redis is unreachable', async () => {
    const client = opened(failFastRedis('redis://127.0.0.1:1', { answerWithinMs: 5_000, offlineQueue: false }));
    const sentAt = Date.now();
    expect(await outcome(client.get('anything'))).toMatch(/^failed: Stream isn't writeable/);
    expect(Date.now() - sentAt).toBeLessThan(1_000);
  });

  it('answers as plain ioredis does when the loop is free', async () => {
    const client = opened(failFastRedis(TEST_REDIS_URL, { answerWithinMs: ANSWER_WITHIN_MS, autoPipelining: true }));
    const key = `${uniqueQueuePrefix('fail-fast')}:probe`;
    const [set, value] = await Promise.all([client.set(key, 'v', 'PX', 1_000), client.get(key)]);
    expect([set, value]).toEqual(['OK', 'v']);
  });

  describe('connectedWithin (what a process waits for before it serves)', () => {
    it('a command sent before the connection is up fails; after the wait it is answered', async () => {
      const early = opened(failFastRedis(TEST_REDIS_URL, { answerWithinMs: 5_000, offlineQueue: false }));
      expect(await outcome(early.ping())).toMatch(/^failed: Stream isn't writeable/);

      const waited = opened(failFastRedis(TEST_REDIS_URL, { answerWithinMs: 5_000, offlineQueue: false }));
      expect(await connectedWithin(waited, 2_000)).toBe(true);
      expect(await outcome(waited.ping())).toBe('answered PONG');
      expect(await connectedWithin(waited, 2_000)).toBe(true);
    });

    it('gives up after the wait when Redis is unreachable, so the process still starts', async () => {
      const client = opened(failFastRedis('redis://127.0.0.1:1', { answerWithinMs: 5_000, offlineQueue: false }));
      const startedAt = Date.now();
      expect(await connectedWithin(client, 300)).toBe(false);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(295);
      expect(Date.now() - startedAt).toBeLessThan(2_000);
    });
  });
});
