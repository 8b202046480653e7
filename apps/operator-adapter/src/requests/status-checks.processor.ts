import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { CheckTransactionStatusJob, QueueName } from '@momo/contracts';
import { JobHandlerHost, JobHandlers } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { failureMessage } from '../operators/failure-codes';
import { OperatorConnector, OperatorTransaction } from '../operators/operator-connector';
import { OperatorRegistry } from '../operators/operator-registry';
import { StatusThrottle } from '../operators/status-throttle';
import { OperatorWork } from './operator-work.service';

/**
 * Status checks (after a callback, or asked by the reconciler), paced per operator. Only an
 * operator's own answer to our question ever becomes a result, never a callback's claim.
 */
@Processor(QueueName.OperatorStatusChecks)
export class StatusChecksProcessor extends JobHandlerHost<typeof QueueName.OperatorStatusChecks> {
  private readonly logger = new Logger(StatusChecksProcessor.name);
  protected readonly queue = QueueName.OperatorStatusChecks;
  protected readonly handlers: JobHandlers<typeof QueueName.OperatorStatusChecks> = {
    'check-transaction-status': (job) => this.checkStatus(job),
  };
  private readonly throttle: StatusThrottle;

  constructor(
    private readonly work: OperatorWork,
    private readonly operators: OperatorRegistry,
    private readonly config: OperatorAdapterConfig,
  ) {
    super();
    this.concurrency = config.STATUS_CHECK_CONCURRENCY;
    this.throttle = new StatusThrottle(config.STATUS_QUERIES_PER_SECOND);
  }

  private async checkStatus({ transactionId, reason }: CheckTransactionStatusJob): Promise<void> {
    const transaction = await this.work.load(transactionId);
    if (transaction.status !== 'pending') return;
    const connector = this.operators.connectorFor(transaction.network, transaction.mode);
    if (!connector) return;
    if (!(await this.throttle.admit(`${transaction.network}.${transaction.mode}`))) {
      this.logger.debug({ transactionId, reason }, 'status check skipped: operator query budget spent; the reconciler asks again');
      return;
    }
    const subject = await this.work.subject(transaction);
    const outcome = await connector.queryStatus(subject);
    this.logger.debug({ transactionId, reason, outcome: outcome.kind }, 'status checked');
    if (outcome.kind === 'final') await this.work.report(transactionId, outcome, reason);
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
      await this.work.report(t.id, { kind: 'final', status: 'failed', failureCode: 'NOT_RECEIVED', failureMessage: failureMessage('NOT_RECEIVED') }, 'reconcile');
      return;
    }
    // Re-sends stop at half the give-up age, so none can still be in flight when we give up.
    if (ageSeconds >= giveUp / 2) return;
    this.logger.warn({ transactionId: t.id, ageSeconds }, 'operator has no record of the transaction: re-sending its initiation');
    const { outcome, confirmed } = await connector.initiate(subject);
    if (confirmed) await this.work.report(t.id, confirmed, 'reconcile');
    else if (outcome.kind === 'refused') {
      await this.work.report(t.id, { kind: 'final', status: 'failed', failureCode: outcome.failureCode, failureMessage: outcome.failureMessage }, 'reconcile');
    }
  }

}
