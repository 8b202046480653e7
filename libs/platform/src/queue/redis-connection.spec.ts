import { redisOptionsFromUrl } from './redis-connection';

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
});
