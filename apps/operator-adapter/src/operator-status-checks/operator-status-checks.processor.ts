import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QueueName } from '@momo/contracts';
import { JobHandlerHost, JobHandlers } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { OperatorStatusChecker } from './operator-status-checker';

/**
 * The status-check queue's consumer: checks asked by the reconciler, and callbacks' checks that
 * could not run at once in the process that took the callback (CallbackStatusChecks).
 */
@Processor(QueueName.OperatorStatusChecks)
export class OperatorStatusChecksProcessor extends JobHandlerHost<typeof QueueName.OperatorStatusChecks> {
  protected readonly queue = QueueName.OperatorStatusChecks;
  protected readonly handlers: JobHandlers<typeof QueueName.OperatorStatusChecks> = {
    'check-transaction-status': (payload, job: Job) => this.checker.check(payload, String(job.id)),
  };

  constructor(
    private readonly checker: OperatorStatusChecker,
    config: OperatorAdapterConfig,
  ) {
    super();
    this.concurrency = config.STATUS_CHECK_CONCURRENCY;
  }
}
