import { Processor } from '@nestjs/bullmq';
import { JobHandlers, JobHandlerHost } from '@momo/platform';
import { QueueName } from '@momo/contracts';
import { PaymentsCoreConfig } from '../payments-core.config';
import { OperatorResults } from './operator-results';

/** What operator-adapter reports from status checks: final statuses, and the reconciler's checks' answers short of one. */
@Processor(QueueName.OperatorResults)
export class OperatorResultsProcessor extends JobHandlerHost<typeof QueueName.OperatorResults> {
  protected readonly queue = QueueName.OperatorResults;
  protected readonly handlers: JobHandlers<typeof QueueName.OperatorResults> = {
    'apply-operator-result': async (result) => void (await this.results.apply(result)),
    'apply-unresolved-answer': (answer) => this.results.decide(answer),
  };

  constructor(
    private readonly results: OperatorResults,
    config: PaymentsCoreConfig,
  ) {
    super();
    this.concurrency = config.RESULT_CONCURRENCY;
  }
}
