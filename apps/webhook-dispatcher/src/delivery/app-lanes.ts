import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { failFastRedis } from '@momo/platform';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';
import { webhookLaneErrors } from './webhook.metrics';

/** Timeouts in a row after which an app's endpoint is treated as slow. */
const SLOW_AFTER_TIMEOUTS = 2;

/**
 * How long a deliverer waits in this process for a place given back in a full lane before its job
 * is put back in the queue (a bounded wait beats a 1-3 s trip through the queue for a busy app).
 */
export const LANE_WAIT_MS = 500;

/**
 * How long a place given back after an answer in time stays with this process for the same app's
 * next attempt before it goes back to Redis: under steady load most attempts then need no Redis
 * round trip at all, and other replicas wait at most this long for a place this one no longer uses.
 */
export const KEEP_WARM_MS = 200;

/** How long an app's run of timeouts is remembered without any new attempt. */
const TIMEOUT_STREAK_TTL_MS = 60 * 60 * 1000;

/**
 * Takes a place in an app's lane. The lane is a sorted set of holders scored by the end of their
 * lease (Redis's own clock, so replicas' clocks do not matter); expired holders (a process killed
 * mid-attempt) are dropped before counting. The key itself expires once no holder renews.
 * KEYS: lane, timeout streak. ARGV: holder, normal limit, slow limit, timeouts that make an app slow, lease ms.
 */
const ENTER = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local limit = tonumber(ARGV[2])
if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[4]) then limit = tonumber(ARGV[3]) end
if redis.call('ZCARD', KEYS[1]) >= limit then return 0 end
local lease = tonumber(ARGV[5])
redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
redis.call('PEXPIRE', KEYS[1], lease * 2)
return 1`;

/** Extends a live holder's lease (XX: a holder whose lease already ran out is not put back; 0 then). KEYS: lane. ARGV: holder, lease ms. */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[2])
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + lease, ARGV[1]) == 1 then
  redis.call('PEXPIRE', KEYS[1], lease * 2)
  return 1
end
return 0`;

/**
 * Gives the place back and records how the attempt ended: a timeout lengthens the app's streak,
 * an answer in time ends it. KEYS: lane, timeout streak. ARGV: holder, outcome, streak ttl ms.
 */
const LEAVE = `
redis.call('ZREM', KEYS[1], ARGV[1])
if ARGV[2] == 'timeout' then
  redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], ARGV[3])
elseif ARGV[2] == 'answered' then
  redis.call('DEL', KEYS[2])
end
return 0`;

interface LaneCommands {
  webhookLaneEnter(lane: string, streak: string, holder: string, limit: number, slowLimit: number, slowAfter: number, leaseMs: number): Promise<number>;
  webhookLaneRenew(lane: string, holder: string, leaseMs: number): Promise<number>;
  webhookLaneLeave(lane: string, streak: string, holder: string, outcome: 'timeout' | 'answered' | 'unknown', streakTtlMs: number): Promise<number>;
}

/** A place held in an app's lane, for one attempt. */
export interface LanePass {
  readonly appId: string;
  /** How the attempt ended: timeouts in a row narrow the app's lane, an answer in time widens it again. */
  recordOutcome(timedOut: boolean): void;
  /** Gives the place back (at most once; if Redis cannot be told, the lease runs out instead). */
  leave(): Promise<void>;
}

/**
 * Per-app limits on attempts in flight across every dispatcher replica, so a slow or dead
 * endpoint holds only a few workers and every other app's deliveries keep flowing. An app whose
 * attempts keep timing out drops to a narrow lane until one attempt gets an answer in time.
 *
 * The lanes live in Redis (one sorted set per app, under the queue prefix), entered and left
 * atomically by scripts. Each place is leased: the holder renews it while its attempt runs, so a
 * process killed mid-attempt loses its places when their lease runs out (`WEBHOOK_LANE_LEASE_MS`).
 * If Redis cannot answer, the lane counts as full: no attempt starts (the delivery waits, pending
 * in Postgres, and its job is put back or re-created by the sweeper), so the limit is never
 * exceeded because Redis was away.
 */
@Injectable()
export class AppLanes implements OnApplicationShutdown {
  private readonly logger = new Logger(AppLanes.name);
  private readonly redis: Redis & LaneCommands;
  private readonly keyPrefix: string;
  private readonly normalLimit: number;
  private readonly slowLimit: number;
  private readonly leaseMs: number;
  private readonly holderPrefix = randomUUID();
  private holderCount = 0;
  /** Places held by this process, renewed together while their attempts run. */
  private readonly held = new Map<string, { lane: string; since: number }>();
  private readonly renewer: NodeJS.Timeout;
  private lastErrorLog = 0;
  /** Deliverers of this process waiting for a place, per app; bounded so waiting never holds many workers. */
  private readonly waiters = new Map<string, (() => void)[]>();
  private waiting = 0;
  private readonly maxWaiting: number;
  /** Places given back after an answer in time, kept a moment for the same app's next attempt. */
  private readonly kept = new Map<string, { holder: string; timer: NodeJS.Timeout }[]>();
  private closing = false;
  /** Places this process gave back so far: one given back while a full lane was being read is not missed. */
  private givenBack = 0;

  constructor(config: WebhookDispatcherConfig) {
    this.normalLimit = config.WEBHOOK_PER_APP_CONCURRENCY;
    this.slowLimit = Math.max(1, Math.floor(config.WEBHOOK_PER_APP_CONCURRENCY / 5));
    this.leaseMs = config.WEBHOOK_LANE_LEASE_MS;
    this.maxWaiting = Math.max(1, Math.floor(config.DELIVERY_CONCURRENCY / 4));
    this.keyPrefix = `${config.QUEUE_PREFIX}:webhook-lane`;
    // While Redis is away a command fails after one reconnection try or QUEUE_COMMAND_TIMEOUT_MS,
    // whichever comes first; the lane then counts as full. Enters and leaves of concurrent
    // attempts share one write to Redis (auto-pipelining).
    this.redis = failFastRedis(config.REDIS_URL, { answerWithinMs: config.QUEUE_COMMAND_TIMEOUT_MS, autoPipelining: true }) as Redis & LaneCommands;
    this.redis.on('error', () => undefined); // reported where a command fails; ioredis reconnects by itself
    this.redis.defineCommand('webhookLaneEnter', { numberOfKeys: 2, lua: ENTER });
    this.redis.defineCommand('webhookLaneRenew', { numberOfKeys: 1, lua: RENEW });
    this.redis.defineCommand('webhookLaneLeave', { numberOfKeys: 2, lua: LEAVE });
    this.renewer = setInterval(() => this.renewLongHolders(), Math.max(100, Math.floor(this.leaseMs / 3)));
    this.renewer.unref();
  }

  /**
   * Takes a place in the app's lane. If the lane is full, waits up to `waitMs` for a place this
   * process gives back (at most as many waiters per app as its limit, and a quarter of the
   * workers in all, so a slow app cannot tie up workers by waiting); null if none came.
   */
  async enter(appId: string, waitMs = LANE_WAIT_MS): Promise<LanePass | null> {
    const deadline = Date.now() + waitMs;
    let quickLooks = 0;
    for (;;) {
      const givenBackBefore = this.givenBack;
      const entered = await this.tryEnter(appId);
      if (entered !== 'full') return entered === 'unavailable' ? null : entered;
      // A place given back meanwhile (perhaps in this lane) would not wake us: look again at once (a few times at most).
      if (waitMs > 0 && this.givenBack !== givenBackBefore && quickLooks++ < 2) continue;
      const remaining = deadline - Date.now();
      if (remaining <= 0 || !(await this.waitForPlace(appId, remaining))) return null;
    }
  }

  /** Takes a place in the app's lane now, if there is one. */
  private async tryEnter(appId: string): Promise<LanePass | 'full' | 'unavailable'> {
    const kept = this.kept.get(appId)?.pop();
    if (kept) {
      clearTimeout(kept.timer);
      if (this.kept.get(appId)?.length === 0) this.kept.delete(appId);
      return this.passFor(appId, kept.holder);
    }
    const lane = this.laneKey(appId);
    const holder = `${this.holderPrefix}:${++this.holderCount}`;
    let entered: number;
    try {
      entered = await this.redis.webhookLaneEnter(lane, `${lane}:timeouts`, holder, this.normalLimit, this.slowLimit, SLOW_AFTER_TIMEOUTS, this.leaseMs);
    } catch (error) {
      this.reportError(error);
      return 'unavailable';
    }
    if (entered !== 1) return 'full';
    this.held.set(holder, { lane, since: Date.now() });
    return this.passFor(appId, holder);
  }

  /**
   * A place held in Redis by `holder`. Given back after an answer in time, it stays with this
   * process for KEEP_WARM_MS, for the app's next attempt here (no Redis round trip under steady
   * load); after a timeout, or unused, it goes back to Redis at once.
   */
  private passFor(appId: string, holder: string): LanePass {
    let outcome: 'timeout' | 'answered' | 'unknown' = 'unknown';
    let left = false;
    return {
      appId,
      recordOutcome: (timedOut) => {
        outcome = timedOut ? 'timeout' : 'answered';
      },
      leave: async () => {
        if (left) return;
        left = true;
        if (outcome === 'answered' && !this.closing) {
          const list = this.kept.get(appId) ?? [];
          this.kept.set(appId, list);
          const place = { holder, timer: setTimeout(() => void this.giveBack(appId, holder, 'answered'), KEEP_WARM_MS) };
          list.push(place);
        } else {
          await this.giveBack(appId, holder, outcome);
        }
        this.givenBack++;
        this.waiters.get(appId)?.shift()?.();
      },
    };
  }

  /** Gives a place back to Redis, with how its last attempt ended (never rejects). */
  private async giveBack(appId: string, holder: string, outcome: 'timeout' | 'answered' | 'unknown'): Promise<void> {
    const list = this.kept.get(appId);
    const at = list?.findIndex((place) => place.holder === holder) ?? -1;
    if (list && at !== -1) {
      clearTimeout(list[at].timer);
      list.splice(at, 1);
      if (list.length === 0) this.kept.delete(appId);
    }
    const lane = this.held.get(holder)?.lane ?? this.laneKey(appId);
    this.held.delete(holder);
    try {
      await this.redis.webhookLaneLeave(lane, `${lane}:timeouts`, holder, outcome, TIMEOUT_STREAK_TTL_MS);
    } catch (error) {
      this.reportError(error);
    }
  }

  /** Resolves true when this process gives back a place in the app's lane, false after `ms` (or if it may not wait). */
  private waitForPlace(appId: string, ms: number): Promise<boolean> {
    const queue = this.waiters.get(appId) ?? [];
    if (queue.length >= this.normalLimit || this.waiting >= this.maxWaiting) return Promise.resolve(false);
    this.waiters.set(appId, queue);
    this.waiting++;
    return new Promise<boolean>((resolve) => {
      const done = (placeGivenBack: boolean) => {
        clearTimeout(timer);
        const at = queue.indexOf(wake);
        if (at !== -1) queue.splice(at, 1);
        if (queue.length === 0 && this.waiters.get(appId) === queue) this.waiters.delete(appId);
        this.waiting--;
        resolve(placeGivenBack);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      queue.push(wake);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.renewer);
    this.closing = true;
    const kept = [...this.kept].flatMap(([appId, places]) => places.map((place) => ({ appId, holder: place.holder })));
    await Promise.all(kept.map(({ appId, holder }) => this.giveBack(appId, holder, 'answered')));
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else if (this.redis.status !== 'end') this.redis.disconnect();
  }

  private laneKey(appId: string): string {
    // The app id as hash tag keeps both keys of an app in one Redis Cluster slot (a prefix with
    // its own tag wins, which is just as good).
    return `${this.keyPrefix}:{${appId}}`;
  }

  /**
   * Holders past a third of their lease get a fresh one; quick attempts never need it. A place
   * Redis no longer has (its lease ran out, Redis was flushed) is dropped: a kept one is not
   * used again, so this process never counts on a place nobody else can see.
   */
  private renewLongHolders(): void {
    const due = Date.now() - this.leaseMs / 3;
    for (const [holder, { lane, since }] of this.held) {
      if (since > due) continue;
      this.redis.webhookLaneRenew(lane, holder, this.leaseMs).then(
        (renewed) => {
          if (renewed === 1) return;
          this.held.delete(holder);
          for (const [appId, places] of this.kept) {
            const at = places.findIndex((place) => place.holder === holder);
            if (at === -1) continue;
            clearTimeout(places[at].timer);
            places.splice(at, 1);
            if (places.length === 0) this.kept.delete(appId);
          }
        },
        (error: unknown) => this.reportError(error),
      );
    }
  }

  /** Counted every time, logged at most every 10 s (an outage would otherwise log every job). */
  private reportError(error: unknown): void {
    webhookLaneErrors.inc();
    const now = Date.now();
    if (now - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = now;
    this.logger.warn({ err: error }, 'webhook lanes unavailable in Redis: attempts wait until Redis answers');
  }
}
