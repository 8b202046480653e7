import { Injectable, Logger } from '@nestjs/common';
import { Counter } from 'prom-client';
import { metricsRegistry, redisLease, WindowShares } from '@momo/platform';
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
    const lease = redisLease(this.redis.commands);
    this.shares = new WindowShares(async (...request) => {
      try {
        return await lease(...request);
      } catch (error) {
        this.logger.warn({ err: (error as Error).message }, 'rate limiter unavailable; requests let through');
        throw error;
      }
    });
  }

  async take(apiKeyId: string, budget: Budget, limit: number): Promise<RateDecision | null> {
    const decision = await this.shares.take(this.redis.key(this.config, 'ratelimit', apiKeyId, budget), limit, WINDOW_MS);
    if (!decision) {
      limiterUnavailable.inc();
      return null;
    }
    return { allowed: decision.allowed, limit, remaining: Math.max(0, limit - decision.count), resetSeconds: Math.max(1, Math.ceil(decision.resetMs / 1000)) };
  }
}
