import { Processor } from '@nestjs/bullmq';
import { JobHandlers, JobHandlerHost } from '@momo/platform';
import { OperatorResultJob, QueueName } from '@momo/contracts';
import { Contradictions } from '../exceptions/contradictions.service';
import { PaymentsCoreConfig } from '../payments-core.config';
import { SettlementService } from './settlement.service';
import { settledTransactions } from './settlement.metrics';

/** Final statuses confirmed by an operator (after a callback, a reconciliation query or initiation). */
@Processor(QueueName.OperatorResults)
export class OperatorResultsProcessor extends JobHandlerHost<typeof QueueName.OperatorResults> {
  protected readonly queue = QueueName.OperatorResults;
  protected readonly handlers: JobHandlers<typeof QueueName.OperatorResults> = {
    'apply-operator-result': (result) => this.apply(result),
  };

  constructor(
    private readonly settlement: SettlementService,
    private readonly contradictions: Contradictions,
    config: PaymentsCoreConfig,
  ) {
    super();
    this.concurrency = config.RESULT_CONCURRENCY;
  }

  private async apply(result: OperatorResultJob): Promise<void> {
    const settled = await this.settlement.settle(result.transactionId, {
      status: result.status,
      failureCode: result.status === 'failed' ? (result.failureCode ?? 'OPERATOR_FAILED') : null,
      failureMessage: result.status === 'failed' ? (result.failureMessage ?? 'The operator reported a failure.') : null,
      providerRef: result.providerRef,
    });
    if (settled) settledTransactions.inc({ direction: settled.direction, status: settled.status });
    else await this.contradictions.noteUnapplied(result);
  }
}
