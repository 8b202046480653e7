import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobIds, QueueName } from '@momo/contracts';
import { ReconciliationRepository } from '@momo/data';
import { nextCheckDelaySeconds } from '@momo/domain';
import { JobHandlerHost, JobHandlers, JobProducer } from '@momo/platform';
import { ReconcilerConfig } from '../reconciler.config';

/**
 * Finds every unresolved transaction whose next check is due and asks operator-adapter to query
 * the operator; final answers flow into payments-core exactly like callback-triggered ones.
 */
@Processor(QueueName.Reconciliation)
export class PendingSweepProcessor extends JobHandlerHost<typeof QueueName.Reconciliation> {
  private readonly logger = new Logger(PendingSweepProcessor.name);
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
    const due = await this.reconciliation.dueChecks(this.config.MIN_AGE_SECONDS, this.config.SWEEP_BATCH_SIZE);
    if (due.length === 0) return;
    await this.producer.addBulk(
      'check-transaction-status',
      due.map(({ transactionId, checksMade }) => ({
        payload: { transactionId, reason: 'reconcile' as const },
        options: { jobId: JobIds.statusCheck(transactionId, `reconcile-${checksMade}`) },
      })),
    );
    const now = Date.now();
    await this.reconciliation.recordChecks(
      due.map(({ transactionId, checksMade }) => ({
        transactionId,
        nextCheckAt: new Date(now + nextCheckDelaySeconds(checksMade) * 1000),
      })),
    );
    this.logger.log({ checks: due.length }, 'reconciliation sweep queued status checks');
  }
}
