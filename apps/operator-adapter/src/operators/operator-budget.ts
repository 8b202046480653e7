import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type Redis from 'ioredis';
import { Counter } from 'prom-client';
import { Mode, Network } from '@momo/domain';
import { failFastRedis, metricsRegistry } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { Pace, SharedRateLimiter } from './shared-rate-limiter';

/** How long a status check may wait for its own slot (a later one is left to the reconciler). */
export const STATUS_QUERY_MAX_WAIT_MS = 2_000;

/**
 * Why a status query is made: a callback says the customer has answered (the webhook waits on
 * it), or the reconciler asks on its schedule about a transaction nobody has told us about.
 */
export type StatusQueryOrigin = 'callback' | 'schedule';

const decisions = new Counter({
  name: 'momo_operator_budget_calls_total',
  help: 'Calls to each operator and mode weighed against our request budget for it (MTN_/AIRTEL_*_REQUESTS_PER_SECOND), by call (initiation; status, after a callback; status_scheduled, by the reconciler), result (admitted, refused: not sent) and where it was counted (shared: Redis, every replica; process: Redis unreachable, this replica alone).',
  labelNames: ['network', 'mode', 'call', 'result', 'counted'],
  registers: [metricsRegistry],
});

export type BudgetDecision = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/**
 * What each operator allows us, per mode, shared by every adapter replica (docs/operators.md,
 * "Request budgets"). Every initiation and status query takes a slot of the operator's whole
 * budget; status queries also take one of their own (MTN caps them apart). Initiations come
 * first: a status query is only admitted while the shared queue is at most half as deep as an
 * initiation would accept, so a reconciliation sweep cannot crowd out a merchant's request. In
 * the same way a scheduled status query yields to a callback's: it is admitted only while the
 * queues are at most half as deep as a callback's query would accept, so when the status budget
 * is short (MTN's is 10 a second) the reconciler's polls of unanswered prompts cannot hold up the
 * payments whose customers have answered.
 */
@Injectable()
export class OperatorRequestBudget implements OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly limiter: SharedRateLimiter;

  constructor(private readonly config: OperatorAdapterConfig) {
    // A short timeout and one reconnection try: when Redis does not answer, the limiter counts in-process for a while.
    this.redis = failFastRedis(config.REDIS_URL, { answerWithinMs: 250 });
    this.redis.on('error', () => undefined);
    this.limiter = new SharedRateLimiter(this.redis, `${config.QUEUE_PREFIX}:operator-budget`, config.OPERATOR_BUDGET_FALLBACK_REPLICAS);
  }

  /** Waits for the initiation's slot; refused when it would wait over OPERATOR_INITIATION_MAX_WAIT_MS. */
  admitInitiation(network: Network, mode: Mode): Promise<BudgetDecision> {
    const waitMs = this.config.OPERATOR_INITIATION_MAX_WAIT_MS;
    return this.take(network, mode, 'initiation', [{ bucket: 'all', perSecond: this.budget(network, mode).requests, maxWaitMs: waitMs }]);
  }

  /** Waits for the status query's slot; false when over budget (the check is skipped; the reconciler asks again). */
  async admitStatusQuery(network: Network, mode: Mode, origin: StatusQueryOrigin): Promise<boolean> {
    const budget = this.budget(network, mode);
    // The fraction of a callback's wait this query may wait for its slots.
    const patience = origin === 'callback' ? 1 : 0.5;
    const decision = await this.take(network, mode, origin === 'callback' ? 'status' : 'status_scheduled', [
      { bucket: 'status', perSecond: budget.statusQueries, maxWaitMs: Math.floor(STATUS_QUERY_MAX_WAIT_MS * patience) },
      { bucket: 'all', perSecond: budget.requests, maxWaitMs: Math.floor((this.config.OPERATOR_INITIATION_MAX_WAIT_MS / 2) * patience) },
    ]);
    return decision.admitted;
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }

  private async take(network: Network, mode: Mode, call: 'initiation' | 'status' | 'status_scheduled', paces: Pace[]): Promise<BudgetDecision> {
    const reservation = await this.limiter.reserve(`${network}.${mode}`, paces);
    decisions.inc({ network, mode, call, result: reservation.admitted ? 'admitted' : 'refused', counted: reservation.counted });
    if (!reservation.admitted) return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(reservation.overMs / 1000)) };
    if (reservation.waitMs > 0) await sleep(reservation.waitMs);
    return { admitted: true };
  }

  private budget(network: Network, mode: Mode): { requests: number; statusQueries: number } {
    const c = this.config;
    if (network === 'mtn') {
      return mode === 'live'
        ? { requests: c.MTN_LIVE_REQUESTS_PER_SECOND, statusQueries: c.MTN_LIVE_STATUS_QUERIES_PER_SECOND }
        : { requests: c.MTN_TEST_REQUESTS_PER_SECOND, statusQueries: c.MTN_TEST_STATUS_QUERIES_PER_SECOND };
    }
    return mode === 'live'
      ? { requests: c.AIRTEL_LIVE_REQUESTS_PER_SECOND, statusQueries: c.AIRTEL_LIVE_STATUS_QUERIES_PER_SECOND }
      : { requests: c.AIRTEL_TEST_REQUESTS_PER_SECOND, statusQueries: c.AIRTEL_TEST_STATUS_QUERIES_PER_SECOND };
  }
}
