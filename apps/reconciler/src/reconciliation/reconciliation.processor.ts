import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobIds, QueueName, StatusCheckReason } from '@momo/contracts';
import { ReconciliationRepository } from '@momo/data';
import { nextCheckDelaySeconds, planPendingCheck } from '@momo/domain';
import { JobHandlerHost, JobHandlers, JobProducer, runWithRequestId, TraceCarrier } from '@momo/platform';
import { ReconcilerConfig } from '../reconciler.config';

interface PlannedCheck {
  transactionId: string;
  reason: StatusCheckReason;
  slot: number;
  nextCheckAt: Date;
  trace?: TraceCarrier;
}

/**
 * Finds every unresolved transaction whose next check is due and asks operator-adapter to query
 * the operator; final answers flow into payments-core exactly like callback-triggered ones, and
 * answers short of one to payments-core's deadline and not-received policy. Which check is due
 * when is planPendingCheck (libs/domain reconciliation rules):
 * - before its deadline: a `reconcile` check, on an escalating schedule that never skips the
 *   deadline itself;
 * - past its deadline: a `deadline` check (no final answer now fails it), repeated soon until
 *   the transaction is final, since a check may not get through (query budget, a crash);
 * - failed by our own decision (deadline, never received) within the watch period: a `watch`
 *   check, at most hourly, so an operator that completes it after all is noticed.
 * Each check's job id names its slot, so a sweep that runs twice queues each check once; the
 * schedule lives in Postgres, so a Redis that lost every job only delays the next round.
 */
@Processor(QueueName.Reconciliation)
export class ReconciliationProcessor extends JobHandlerHost<typeof QueueName.Reconciliation> {
  private readonly logger = new Logger(ReconciliationProcessor.name);
  protected readonly queue = QueueName.Reconciliation;
  protected readonly handlers: JobHandlers<typeof QueueName.Reconciliation> = {
    'reconciliation-sweep': () => this.sweep(),
  };

  constructor(
    private readonly reconciliation: ReconciliationRepository,
    private readonly producer: JobProducer,
    private readonly config: ReconcilerConfig,
  ) {
    super();
    this.concurrency = 1;
  }

  private async sweep(): Promise<void> {
    const now = new Date();
    const schedule = { delays: this.config.checkDelays, deadlineRecheckSeconds: this.config.DEADLINE_RECHECK_SECONDS };
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    const delay = (checksMade: number) => nextCheckDelaySeconds(checksMade, this.config.checkDelays);
    const [pending, watched] = await Promise.all([
      this.reconciliation.duePending(this.config.MIN_AGE_SECONDS, this.config.deadlines, this.config.SWEEP_BATCH_SIZE),
      this.config.WATCH_SECONDS > 0 ? this.reconciliation.dueWatches(this.config.WATCH_SECONDS, this.config.SWEEP_BATCH_SIZE) : [],
    ]);
    const checks: PlannedCheck[] = [
      ...pending.map(({ transactionId, checksMade, deadlineAt, trace }) => ({ transactionId, slot: checksMade, trace, ...planPendingCheck(now, checksMade, deadlineAt, schedule) })),
      ...watched.map(({ transactionId, checksMade }) => ({ transactionId, reason: 'watch' as const, slot: checksMade, nextCheckAt: at(delay(checksMade)) })),
    ];
    if (checks.length === 0) return;
    await this.producer.addBulk(
      'check-transaction-status',
      // Each check continues its transaction's own request id and trace, not the sweep's.
      checks.map(({ transactionId, reason, slot, trace }) => ({
        payload: { transactionId, reason },
        options: { jobId: JobIds.statusCheck(transactionId, `${reason}-${slot}`), trace },
      })),
    );
    await this.reconciliation.recordChecks(checks.map(({ transactionId, nextCheckAt }) => ({ transactionId, nextCheckAt })));
    // At debug, one line per check under its payment's request id (support follows one payment).
    for (const { transactionId, reason, trace } of checks) {
      runWithRequestId(trace ?? {}, () => this.logger.debug({ transactionId, reason }, 'status check queued'));
    }
    const count = (reason: StatusCheckReason) => checks.filter((c) => c.reason === reason).length;
    this.logger.log({ reconcile: count('reconcile'), deadline: count('deadline'), watch: count('watch') }, 'reconciliation sweep queued status checks');
  }
}
