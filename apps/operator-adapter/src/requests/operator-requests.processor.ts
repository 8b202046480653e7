import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { CheckTransactionStatusJob, InitiationOutcome, JobIds, QueueName, StatusCheckReason, TransactionRef } from '@momo/contracts';
import { TransactionEntity, TransactionsRepository } from '@momo/data';
import { JobHandlerHost, JobHandlers, JobProducer } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { failureMessage } from '../operators/failure-codes';
import { FinalStatus, OperatorConnector, OperatorTransaction } from '../operators/operator-connector';
import { OperatorRegistry } from '../operators/operator-registry';
import { StatusThrottle } from '../operators/status-throttle';

/**
 * Talks to operators about one transaction at a time: initiations (request/reply for
 * payments-core) and status checks, whose final answers go to payments-core as results. Only an
 * operator's own answer to our question ever becomes a result, never a callback's claim.
 */
@Processor(QueueName.OperatorRequests)
export class OperatorRequestsProcessor extends JobHandlerHost<typeof QueueName.OperatorRequests> {
  private readonly logger = new Logger(OperatorRequestsProcessor.name);
  protected readonly queue = QueueName.OperatorRequests;
  protected readonly handlers: JobHandlers<typeof QueueName.OperatorRequests> = {
    'initiate-transaction': (job) => this.initiate(job),
    'check-transaction-status': (job) => this.checkStatus(job),
  };
  private readonly throttle: StatusThrottle;

  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly operators: OperatorRegistry,
    private readonly producer: JobProducer,
    private readonly config: OperatorAdapterConfig,
  ) {
    super();
    this.concurrency = config.REQUEST_CONCURRENCY;
    this.throttle = new StatusThrottle(config.STATUS_QUERIES_PER_SECOND);
  }

  private async initiate({ transactionId }: TransactionRef): Promise<InitiationOutcome> {
    const transaction = await this.load(transactionId);
    const connector = this.operators.connectorFor(transaction.network, transaction.mode);
    if (!connector) {
      return { kind: 'unavailable', retryAfterSeconds: 300, failureMessage: `${transaction.network} is not configured for ${transaction.mode} mode.` };
    }
    const { outcome, confirmed } = await connector.initiate(await this.subject(transaction));
    if (confirmed) await this.report(transactionId, confirmed, 'initiation');
    return outcome;
  }

  private async checkStatus({ transactionId, reason }: CheckTransactionStatusJob): Promise<void> {
    const transaction = await this.load(transactionId);
    if (transaction.status !== 'pending') return;
    const connector = this.operators.connectorFor(transaction.network, transaction.mode);
    if (!connector) return;
    if (!(await this.throttle.admit(`${transaction.network}.${transaction.mode}`))) {
      this.logger.debug({ transactionId, reason }, 'status check skipped: operator query budget spent; the reconciler asks again');
      return;
    }
    const subject = await this.subject(transaction);
    const outcome = await connector.queryStatus(subject);
    this.logger.debug({ transactionId, reason, outcome: outcome.kind }, 'status checked');
    if (outcome.kind === 'final') await this.report(transactionId, outcome, reason);
    else if (outcome.kind === 'not_found' && reason === 'reconcile') await this.unreceived(subject, connector);
  }

  /**
   * The operator has no record of the transaction: our initiation never reached it (a crash or a
   * lost request before it was sent). For a while the initiation is re-sent under the same
   * reference, which the operator deduplicates; well after that it fails for good, since nothing
   * can have moved. Callback-triggered checks never get here: a forged callback changes nothing.
   */
  private async unreceived(subject: OperatorTransaction, connector: OperatorConnector): Promise<void> {
    const t = subject.transaction;
    const ageSeconds = (Date.now() - t.createdAt.getTime()) / 1000;
    const giveUp = this.config.UNRECEIVED_GIVE_UP_SECONDS;
    if (ageSeconds >= giveUp) {
      this.logger.warn({ transactionId: t.id, ageSeconds }, 'operator never received the transaction: failing it');
      await this.report(t.id, { kind: 'final', status: 'failed', failureCode: 'NOT_RECEIVED', failureMessage: failureMessage('NOT_RECEIVED') }, 'reconcile');
      return;
    }
    // Re-sends stop at half the give-up age, so none can still be in flight when we give up.
    if (ageSeconds >= giveUp / 2) return;
    this.logger.warn({ transactionId: t.id, ageSeconds }, 'operator has no record of the transaction: re-sending its initiation');
    const { outcome, confirmed } = await connector.initiate(subject);
    if (confirmed) await this.report(t.id, confirmed, 'reconcile');
    else if (outcome.kind === 'refused') {
      await this.report(t.id, { kind: 'final', status: 'failed', failureCode: outcome.failureCode, failureMessage: outcome.failureMessage }, 'reconcile');
    }
  }

  private async report(transactionId: string, outcome: FinalStatus, source: StatusCheckReason): Promise<void> {
    await this.producer.add(
      'apply-operator-result',
      {
        transactionId,
        status: outcome.status,
        failureCode: outcome.failureCode,
        failureMessage: outcome.failureMessage,
        providerRef: outcome.providerRef,
        source,
      },
      { jobId: JobIds.operatorResult(transactionId, outcome.status) },
    );
  }

  /** A refund travels with the payment it reverses. */
  private async subject(transaction: TransactionEntity): Promise<OperatorTransaction> {
    if (!transaction.reversesPaymentId) return { transaction };
    const refunded = (await this.transactions.findById(transaction.reversesPaymentId)) ?? undefined;
    return { transaction, refunded };
  }

  private async load(transactionId: string): Promise<TransactionEntity> {
    const transaction = await this.transactions.findById(transactionId);
    if (!transaction) throw new UnrecoverableError(`transaction ${transactionId} does not exist`);
    return transaction;
  }
}
