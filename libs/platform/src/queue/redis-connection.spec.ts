import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { redisOptionsFromUrl } from './redis-connection';

/**
 * A process whose only handle is an ioredis client to an unreachable Redis, between connection
 * attempts, calls `disconnect()`: prints how many ms it lived on after the call.
 */
async function msAliveAfterDisconnect(options: object): Promise<number> {
  const script = `
    const Redis = require(${JSON.stringify(require.resolve('ioredis'))});
    const client = new Redis({ ...JSON.parse(process.env.OPTIONS), retryStrategy: () => 60000 });
    client.on('error', () => {});
    client.once('reconnecting', () => {
      const calledAt = Date.now();
      process.on('exit', () => console.log(Date.now() - calledAt));
      client.disconnect();
    });`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { env: { ...process.env, OPTIONS: JSON.stringify(options) } });
  return Number(stdout.trim());
}

describe('redisOptionsFromUrl', () => {
  it('reads host, port, credentials, database and TLS from a redis:// or rediss:// URL', () => {
    expect(redisOptionsFromUrl('rediss://worker:s%40cret@redis.internal:6380/4')).toMatchObject({
      host: 'redis.internal',
      port: 6380,
      username: 'worker',
      password: 's@cret',
      db: 4,
      tls: {},
    });
    expect(redisOptionsFromUrl('redis://127.0.0.1')).toMatchObject({ host: '127.0.0.1', port: 6379, db: 0, tls: undefined, password: undefined });
  });

  it('reads a socket file, database and credentials from a unix:// URL, and no host', () => {
    const options = redisOptionsFromUrl('unix:///run/redis/redis%20one.sock?db=3&password=pw');
    expect(options).toMatchObject({ path: '/run/redis/redis one.sock', db: 3, password: 'pw' });
    expect(options.host).toBeUndefined();
    expect(redisOptionsFromUrl('unix:///run/redis.sock')).toMatchObject({ path: '/run/redis.sock', db: 0, password: undefined });
  });

  it('falls back to database 0 when the URL names none or a non-number', () => {
    expect(redisOptionsFromUrl('redis://h:1/x').db).toBe(0);
    expect(redisOptionsFromUrl('unix:///s.sock?db=x').db).toBe(0);
  });

  it('lets a process stop promptly when its Redis is unreachable (ioredis alone keeps it 2 s more)', async () => {
    const unreachable = 'redis://127.0.0.1:1';
    const [ours, ioredisDefault] = await Promise.all([
      msAliveAfterDisconnect(redisOptionsFromUrl(unreachable)),
      msAliveAfterDisconnect({ host: '127.0.0.1', port: 1 }),
    ]);
    expect(ioredisDefault).toBeGreaterThanOrEqual(2_000);
    expect(ours).toBeLessThan(1_000);
  });
});
