import type Redis from 'ioredis';

/** One pace to keep: at most `perSecond` calls, a caller waiting at most `maxWaitMs` for its slot. */
export interface Pace {
  bucket: string;
  perSecond: number;
  maxWaitMs: number;
}

export type Reservation =
  /** Go ahead after `waitMs` (the slot is reserved: not waiting would break the pace). */
  | { admitted: true; waitMs: number; counted: 'shared' | 'process' }
  /** Over budget: the slot would come `overMs` too late for this caller. Nothing was reserved. */
  | { admitted: false; overMs: number; counted: 'shared' | 'process' };

/**
 * GCRA with reservations over several buckets at once, atomically: each bucket keeps the time
 * its next slot opens; a call takes the next slot of every bucket it names and waits for the
 * latest of them, or takes none if any would make it wait longer than that bucket allows.
 * The time is Redis' own (TIME), so replicas with skewed clocks share one pace.
 */
const RESERVE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local slots = {}
local worst = 0
local over = 0
for i = 1, #KEYS do
  local slot = tonumber(redis.call('GET', KEYS[i]) or '0')
  if slot < now then slot = now end
  local wait = slot - now
  local maxWait = tonumber(ARGV[2 * i])
  if wait > maxWait and wait - maxWait > over then over = wait - maxWait end
  if wait > worst then worst = wait end
  slots[i] = slot
end
if over > 0 then return {0, tostring(over)} end
for i = 1, #KEYS do
  local nextSlot = slots[i] + tonumber(ARGV[2 * i - 1])
  redis.call('SET', KEYS[i], tostring(nextSlot), 'PX', math.ceil(nextSlot - now) + 1000)
end
return {1, tostring(worst)}
`;

/** How long the limiter counts in-process after Redis failed to answer, before asking it again. */
const SHARED_RETRY_MS = 1_000;

type ReservingRedis = Redis & { reserveOperatorSlots(numKeys: number, ...args: (string | number)[]): Promise<[number, string]> };

/**
 * Rate limits shared by every process that uses the same Redis and key prefix (every adapter
 * replica), so a budget is the operator's whole allowance, not one replica's. When Redis does not
 * answer, each process keeps to `1 / fallbackShares` of every budget on its own until it answers
 * again: a call is never failed because the count could not be kept.
 */
export class SharedRateLimiter {
  private readonly redis: ReservingRedis;
  private readonly local = new Map<string, number>();
  /** After Redis failed to answer, calls are counted in-process until then, without asking it. */
  private sharedRetryAt = 0;

  constructor(
    redis: Redis,
    /** Key prefix; one hash tag per group of buckets reserved together (Redis Cluster). */
    private readonly prefix: string,
    private readonly fallbackShares: number,
  ) {
    redis.defineCommand('reserveOperatorSlots', { lua: RESERVE_LUA });
    this.redis = redis as ReservingRedis;
  }

  /** Reserves one slot in each pace's bucket, all under `group` (say `mtn.live`). */
  async reserve(group: string, paces: Pace[]): Promise<Reservation> {
    const keys = paces.map((p) => `${this.prefix}:{${group}}:${p.bucket}`);
    const args = paces.flatMap((p) => [String(1000 / p.perSecond), String(p.maxWaitMs)]);
    if (Date.now() < this.sharedRetryAt) return this.reserveLocally(keys, paces);
    let answer: [number, string];
    try {
      answer = await this.redis.reserveOperatorSlots(keys.length, ...keys, ...args);
    } catch {
      this.sharedRetryAt = Date.now() + SHARED_RETRY_MS;
      return this.reserveLocally(keys, paces);
    }
    const [admitted, ms] = answer;
    return admitted === 1 ? { admitted: true, waitMs: Number(ms), counted: 'shared' } : { admitted: false, overMs: Number(ms), counted: 'shared' };
  }

  /** The same reservation in this process alone, each budget divided by the shares. */
  private reserveLocally(keys: string[], paces: Pace[]): Reservation {
    const now = Date.now();
    const slots = keys.map((key) => Math.max(now, this.local.get(key) ?? now));
    const over = Math.max(0, ...slots.map((slot, i) => slot - now - paces[i].maxWaitMs));
    if (over > 0) return { admitted: false, overMs: over, counted: 'process' };
    keys.forEach((key, i) => this.local.set(key, slots[i] + (1000 * this.fallbackShares) / paces[i].perSecond));
    return { admitted: true, waitMs: Math.max(0, ...slots.map((slot) => slot - now)), counted: 'process' };
  }
}
