import type Redis from 'ioredis';
import type { Lease } from './window-shares';

/**
 * Grants up to ARGV[3] requests of the window's budget in one round trip (WindowShares spends them
 * in the process): as many as are left, 0 when it is spent. A refused request is not counted, so
 * a client that backs off as told gets its full budget in the next window.
 */
const LEASE_SCRIPT = `
local limit = tonumber(ARGV[1])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= limit then return {0, count} end
local granted = math.min(tonumber(ARGV[3]), limit - count)
count = redis.call('INCRBY', KEYS[1], granted)
if count == granted then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {granted, count}
`;

type LeasingRedis = Redis & { momoLeaseRequests(key: string, limit: number, ttlMs: number, want: number): Promise<[number, number]> };

/** Leases from window counters kept in `redis`, each expiring `ttlMs` after its window's first lease. */
export function redisLease(redis: Redis): Lease {
  const client = redis as LeasingRedis;
  if (typeof client.momoLeaseRequests !== 'function') redis.defineCommand('momoLeaseRequests', { numberOfKeys: 1, lua: LEASE_SCRIPT });
  return async (key, limit, want, ttlMs) => {
    const [granted, count] = await client.momoLeaseRequests(key, limit, ttlMs, want);
    return { granted, count };
  };
}
