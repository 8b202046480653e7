import { Processor } from '@nestjs/bullmq';
import { JobHandlerHost, JobHandlers } from '@momo/platform';
import { QueueName, SettlementRunJob } from '@momo/contracts';
import { SettlementRuns } from './settlement-runs.service';

/** Runs what the settlement schedulers ask for; a run interrupted by a crash is resumed by the next tick (or BullMQ's stalled-job retry). */
@Processor(QueueName.Settlement)
export class SettlementRunProcessor extends JobHandlerHost<typeof QueueName.Settlement> {
  protected readonly queue = QueueName.Settlement;
  protected readonly handlers: JobHandlers<typeof QueueName.Settlement> = {
    'settlement-run': (job: SettlementRunJob) => this.runs.runDue(job.mode).then(() => undefined),
  };

  constructor(private readonly runs: SettlementRuns) {
    super();
    this.concurrency = 1;
  }
}
