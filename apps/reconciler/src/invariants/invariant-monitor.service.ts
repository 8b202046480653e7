import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { ExceptionCountsRepository, InvariantBounds, InvariantCheckpointsRepository, RecordedInvariants } from '@momo/data';
import { metricsRegistry, PeriodicSchedule, PeriodicTask } from '@momo/platform';
import { ReconcilerConfig } from '../reconciler.config';

const violations = new Gauge({
  name: 'momo_invariant_violations',
  help: 'Rows breaking each money invariant as recorded by the checks (docs/durability.md): what the rounds since the last full check found; anything above 0 needs a human.',
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
  help: 'When the invariants were last checked (unix seconds, by any replica or the admin CLI); alert if it stops moving.',
  registers: [metricsRegistry],
});

const checkedThrough = new Gauge({
  name: 'momo_invariant_checked_through_timestamp_seconds',
  help: 'Every row written before this instant (unix seconds) has been checked; it trails now by INVARIANT_WINDOW_LAG_SECONDS, or by the oldest open transaction.',
  registers: [metricsRegistry],
});

/**
 * Checks the money invariants on a timer and publishes them as metrics, with the open
 * reconciliation exceptions. Each round reads only the rows written since the last round's
 * checkpoint (InvariantCheckpointsRepository), so its cost follows the traffic, not the history.
 * Every replica runs the timer; one round runs at a time (the others publish the recorded result),
 * so the metric survives any one replica.
 */
@Injectable()
export class InvariantMonitor extends PeriodicTask<RecordedInvariants> {
  protected readonly failureMessage = 'invariant check failed; retrying next round';
  private warnedHiddenSessions = false;

  constructor(
    private readonly checkpoints: InvariantCheckpointsRepository,
    private readonly exceptions: ExceptionCountsRepository,
    private readonly config: ReconcilerConfig,
  ) {
    super();
  }

  /** The first round soon after start, so the metrics exist before the first interval. */
  protected schedule(): PeriodicSchedule {
    return { everyMs: this.config.INVARIANT_CHECK_INTERVAL_MS, firstRunAfterMs: 1_000 };
  }

  check(): Promise<RecordedInvariants> {
    return this.run();
  }

  private get bounds(): InvariantBounds {
    return {
      deadlines: this.config.deadlines,
      deadlineGraceSeconds: this.config.DEADLINE_GRACE_SECONDS,
      outboxBoundSeconds: this.config.OUTBOX_BOUND_SECONDS,
      samples: 5,
    };
  }

  protected async tick(): Promise<RecordedInvariants> {
    const round = await this.checkpoints.checkSinceCheckpoint(this.bounds, this.config.INVARIANT_WINDOW_LAG_SECONDS);
    if (round?.sessionsHidden && !this.warnedHiddenSessions) {
      this.warnedHiddenSessions = true;
      this.logger.warn('some database sessions are hidden from pg_stat_activity: invariant windows rely on INVARIANT_WINDOW_LAG_SECONDS alone (grant pg_read_all_stats to the reconciler role)');
    }
    // Another replica (or the admin CLI) is checking: publish what is recorded.
    const recorded = round ?? (await this.checkpoints.recorded(5));
    for (const result of recorded.results) {
      violations.set({ invariant: result.name }, result.violations);
      if (round && result.violations > 0) this.logger.error({ invariant: result.name, violations: result.violations, samples: result.samples }, `invariant broken: ${result.description}`);
    }
    for (const [kind, n] of Object.entries(await this.exceptions.openCounts())) openExceptions.set({ kind }, n);
    if (recorded.checkedAt) lastCheck.set(recorded.checkedAt.getTime() / 1000);
    if (recorded.checkedThrough) checkedThrough.set(recorded.checkedThrough.getTime() / 1000);
    return recorded;
  }
}
