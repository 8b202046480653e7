import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { CheckTransactionStatusJob, InitiationOutcome, JobIds, QueueName, TransactionRef } from '@momo/contracts';
import { TransactionEntity, TransactionsRepository } from '@momo/data';
import { JobHandlerHost, JobHandlers, JobProducer } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { OperatorRegistry } from '../operators/operator-registry';

/**
 * Talks to operators about one transaction at a time: initiations (request/reply for
 * payments-core) and status checks, whose final answers go to payments-core as results.
 */
@Processor(QueueName.OperatorRequests)
export class OperatorRequestsProcessor extends JobHandlerHost<typeof QueueName.OperatorRequests> {
  private readonly logger = new Logger(OperatorRequestsProcessor.name);
  protected readonly queue = QueueName.OperatorRequests;
  protected readonly handlers: JobHandlers<typeof QueueName.OperatorRequests> = {
    'initiate-transaction': (job) => this.initiate(job),
    'check-transaction-status': (job) => this.checkStatus(job),
  };

  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly operators: OperatorRegistry,
    private readonly producer: JobProducer,
    config: OperatorAdapterConfig,
  ) {
    super();
    this.concurrency = config.REQUEST_CONCURRENCY;
  }

  private async initiate({ transactionId }: TransactionRef): Promise<InitiationOutcome> {
    const transaction = await this.load(transactionId);
    const connector = this.operators.connectorFor(transaction.network, transaction.mode);
    if (!connector) {
      return { kind: 'unavailable', retryAfterSeconds: 300, failureMessage: `${transaction.network} is not configured for ${transaction.mode} mode.` };
    }
    return connector.initiate(transaction);
  }

  private async checkStatus({ transactionId, reason }: CheckTransactionStatusJob): Promise<void> {
    const transaction = await this.load(transactionId);
    if (transaction.status !== 'pending') return;
    const connector = this.operators.connectorFor(transaction.network, transaction.mode);
    if (!connector) return;
    const outcome = await connector.queryStatus(transaction);
    this.logger.debug({ transactionId, reason, outcome: outcome.kind }, 'status checked');
    if (outcome.kind !== 'final') return;
    await this.producer.add(
      'apply-operator-result',
      {
        transactionId,
        status: outcome.status,
        failureCode: outcome.failureCode,
        failureMessage: outcome.failureMessage,
        providerRef: outcome.providerRef,
        source: reason,
      },
      { jobId: JobIds.operatorResult(transactionId, outcome.status) },
    );
  }

  private async load(transactionId: string): Promise<TransactionEntity> {
    const transaction = await this.transactions.findById(transactionId);
    if (!transaction) throw new UnrecoverableError(`transaction ${transactionId} does not exist`);
    return transaction;
  }
}
