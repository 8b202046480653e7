import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type Redis from 'ioredis';
import { redisLease, WindowShares } from '@momo/platform';

type Answer = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * A @fastify/rate-limit store counting each source's callbacks per window in Redis, shared by
 * every replica, a few at a time (WindowShares) rather than one Lua call per callback. Returns the
 * store class the plugin instantiates. As with the plugin's Redis store, a source's budget covers every
 * route, and a route given limits of its own counts apart.
 */
export function leasedCallbackStore(redis: Redis, nameSpace: string): new () => LeasedCallbackStore {
  const shares = new WindowShares(redisLease(redis));
  return class extends LeasedCallbackStore {
    constructor() {
      super(shares, nameSpace);
    }
  };
}

export class LeasedCallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shares: WindowShares,
    private readonly prefix: string,
  ) {}

  /** One callback from `source`; an error (Redis did not answer) lets it through (skipOnError). */
  incr(source: string, answer: Answer, timeWindow: number, max: number): void {
    void this.shares.take(`${this.prefix}${source}`, max, timeWindow).then((decision) => {
      if (!decision) answer(new Error('callback rate counter unavailable'));
      // Refused: one over the budget is what the plugin reads as exceeded.
      else answer(null, { current: decision.allowed ? decision.count : max + 1, ttl: decision.resetMs });
    });
  }

  /** A route with limits of its own counts apart (the plugin passes its merged options, the route under `routeInfo`). */
  child(options: Parameters<FastifyRateLimitStore['child']>[0]): LeasedCallbackStore {
    const route = (options as unknown as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
    return new LeasedCallbackStore(this.shares, `${this.prefix}${String(route?.method ?? '')}${route?.url ?? ''}-`);
  }
}
