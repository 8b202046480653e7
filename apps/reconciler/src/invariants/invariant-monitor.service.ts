import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { InvariantResult, InvariantsRepository, ReconciliationExceptionsRepository } from '@momo/data';
import { metricsRegistry } from '@momo/platform';
import { ReconcilerConfig } from '../reconciler.config';

const violations = new Gauge({
  name: 'momo_invariant_violations',
  help: 'Rows breaking each money invariant at the last check (docs/durability.md); anything above 0 needs a human.',
  labelNames: ['invariant'],
  registers: [metricsRegistry],
});

const openExceptions = new Gauge({
  name: 'momo_reconciliation_exceptions_open',
  help: 'Reconciliation exceptions not yet resolved, by kind (admin-cli exceptions list).',
  labelNames: ['kind'],
  registers: [metricsRegistry],
});

const lastCheck = new Gauge({
  name: 'momo_invariant_check_timestamp_seconds',
  help: 'When the invariants were last checked (unix seconds); alert if it stops moving.',
  registers: [metricsRegistry],
});

/**
 * Checks the money invariants on a timer and publishes them as metrics, with the open
 * reconciliation exceptions. Every replica checks (they read the same database), so the metric
 * survives any one of them; the interval bounds the cost of the scans.
 */
@Injectable()
export class InvariantMonitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InvariantMonitor.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<InvariantResult[]>;

  constructor(
    private readonly invariants: InvariantsRepository,
    private readonly exceptions: ReconciliationExceptionsRepository,
    private readonly config: ReconcilerConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.INVARIANT_CHECK_INTERVAL_MS === 0) return;
    this.timer = setInterval(() => void this.check().catch((error: unknown) => this.logger.warn({ err: error }, 'invariant check failed; retrying next round')), this.config.INVARIANT_CHECK_INTERVAL_MS);
    setTimeout(() => void this.check().catch(() => undefined), 1_000).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  check(): Promise<InvariantResult[]> {
    this.running ??= this.checkOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async checkOnce(): Promise<InvariantResult[]> {
    const results = await this.invariants.check({
      deadlines: this.config.deadlines,
      deadlineGraceSeconds: this.config.DEADLINE_GRACE_SECONDS,
      outboxBoundSeconds: this.config.OUTBOX_BOUND_SECONDS,
      samples: 5,
    });
    for (const result of results) {
      violations.set({ invariant: result.name }, result.violations);
      if (result.violations > 0) this.logger.error({ invariant: result.name, violations: result.violations, samples: result.samples }, `invariant broken: ${result.description}`);
    }
    for (const [kind, n] of Object.entries(await this.exceptions.openCounts())) openExceptions.set({ kind }, n);
    lastCheck.set(Date.now() / 1000);
    return results;
  }
}
