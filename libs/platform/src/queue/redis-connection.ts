import type { RedisOptions } from 'ioredis';

/**
 * How long `disconnect()` lets a socket close on its own before destroying it. ioredis arms this
 * timer even when the socket is already gone (Redis unreachable, the client between attempts),
 * and nothing clears it then: at its default of 2 s every stopping process whose Redis was down
 * stayed alive 2 s more (and jest force-killed the workers of such tests). A socket that Redis
 * has not closed within a quarter second of our goodbye is not worth waiting for.
 */
const DISCONNECT_TIMEOUT_MS = 250;

/**
 * ioredis options from a redis://, rediss:// or unix:// URL. BullMQ makes its own connections
 * from these; workers get `maxRetriesPerRequest: null` (BullMQ requires it for blocking commands),
 * producers fail fast.
 *
 * `unix:///run/redis/redis.sock?db=3` reaches a Redis on the same host through its socket file
 * (a socket URL has no host to carry credentials: `&password=` as redis-py reads it). On one
 * host a Unix socket costs both ends less CPU per command than TCP over loopback.
 */
export function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const common: RedisOptions = { maxRetriesPerRequest: null, enableReadyCheck: true, disconnectTimeout: DISCONNECT_TIMEOUT_MS };
  if (parsed.protocol === 'unix:') {
    const query = parsed.searchParams;
    return {
      ...common,
      path: decodeURIComponent(parsed.pathname),
      db: databaseNumber(query.get('db') ?? ''),
      username: query.get('username') ?? undefined,
      password: query.get('password') ?? undefined,
    };
  }
  return {
    ...common,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    db: databaseNumber(parsed.pathname.slice(1)),
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  };
}

function databaseNumber(text: string): number {
  const db = Number(text);
  return text !== '' && Number.isInteger(db) ? db : 0;
}
