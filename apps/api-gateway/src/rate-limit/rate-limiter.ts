import { Injectable, Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { metricsRegistry } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';
import { GatewayRedis } from '../redis/gateway-redis';
import { WindowShares } from './window-shares';

export type Budget = 'reads' | 'writes';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends and the budget is full again. */
  resetSeconds: number;
}

const WINDOW_MS = 60_000;

/**
 * Grants up to ARGV[3] requests of the window's budget in one round trip (WindowShares spends them
 * in this process): as many as are left, 0 when it is spent. A refused request is not counted
 * (the spec: a 429 leaves no trace), so a client that backs off as told gets its full budget in
 * the next window.
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

const limiterUnavailable = new Counter({
  name: 'momo_rate_limiter_unavailable_total',
  help: 'Requests let through without a rate-limit decision because Redis did not answer.',
  registers: [metricsRegistry],
});

/**
 * Per-key budgets in fixed one-minute windows counted in Redis, reads and writes apart, a few
 * requests leased at a time (WindowShares). If Redis does not answer, the request goes through
 * unlimited (and is counted in a metric): refusing money traffic because a counter is unreachable
 * would be the worse failure.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);
  private readonly shares: WindowShares;

  constructor(
    private readonly redis: GatewayRedis,
    private readonly config: ApiGatewayConfig,
  ) {
    this.redis.commands.defineCommand('momoLeaseRequests', { numberOfKeys: 1, lua: LEASE_SCRIPT });
    const client = this.redis.commands as unknown as { momoLeaseRequests(key: string, limit: number, ttlMs: number, want: number): Promise<[number, number]> };
    this.shares = new WindowShares(async (key, limit, want) => {
      try {
        const [granted, count] = await client.momoLeaseRequests(key, limit, WINDOW_MS + 1_000, want);
        return { granted, count };
      } catch (error) {
        this.logger.warn({ err: (error as Error).message }, 'rate limiter unavailable; requests let through');
        throw error;
      }
    });
  }

  async take(apiKeyId: string, budget: Budget, limit: number): Promise<RateDecision | null> {
    const now = Date.now();
    const windowStart = now - (now % WINDOW_MS);
    const key = this.redis.key(this.config, 'ratelimit', apiKeyId, budget, String(windowStart));
    const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    const decision = await this.shares.take(key, windowStart, limit);
    if (!decision) {
      limiterUnavailable.inc();
      return null;
    }
    return { allowed: decision.allowed, limit, remaining: Math.max(0, limit - decision.count), resetSeconds };
  }
}
