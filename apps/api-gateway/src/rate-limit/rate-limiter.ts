import { Injectable, Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { metricsRegistry } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';
import { GatewayRedis } from '../redis/gateway-redis';

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
 * Counts one request and refuses it when the window's budget is spent, in one round trip. A
 * refused request is not counted (the spec: a 429 leaves no trace), so a client that backs off
 * as told gets its full budget in the next window.
 */
const TAKE_SCRIPT = `
local limit = tonumber(ARGV[1])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= limit then return {0, count} end
count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return {1, count}
`;

const limiterUnavailable = new Counter({
  name: 'momo_rate_limiter_unavailable_total',
  help: 'Requests let through without a rate-limit decision because Redis did not answer.',
  registers: [metricsRegistry],
});

/**
 * Per-key budgets in fixed one-minute windows in Redis, reads and writes apart. If Redis does
 * not answer, the request goes through unlimited (and is counted in a metric): refusing money
 * traffic because a counter is unreachable would be the worse failure.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);

  constructor(
    private readonly redis: GatewayRedis,
    private readonly config: ApiGatewayConfig,
  ) {
    this.redis.commands.defineCommand('momoTakeToken', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }

  async take(apiKeyId: string, budget: Budget, limit: number): Promise<RateDecision | null> {
    const now = Date.now();
    const windowStart = now - (now % WINDOW_MS);
    const key = this.redis.key(this.config, 'ratelimit', apiKeyId, budget, String(windowStart));
    const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    try {
      const client = this.redis.commands as unknown as { momoTakeToken(key: string, limit: number, ttlMs: number): Promise<[number, number]> };
      const [allowed, count] = await client.momoTakeToken(key, limit, WINDOW_MS + 1_000);
      return { allowed: allowed === 1, limit, remaining: Math.max(0, limit - count), resetSeconds };
    } catch (error) {
      limiterUnavailable.inc();
      this.logger.warn({ err: (error as Error).message }, 'rate limiter unavailable; request let through');
      return null;
    }
  }
}
