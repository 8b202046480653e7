import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { CheckTransactionStatusJob, QueueName, StatusCheckReason } from '@momo/contracts';
import { TransactionEntity } from '@momo/data';
import { JobHandlerHost, JobHandlers } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { failureMessage } from '../operators/failure-codes';
import { OperatorConnector, OperatorTransaction, StatusOutcome } from '../operators/operator-connector';
import { OperatorRegistry } from '../operators/operator-registry';
import { OperatorRequestBudget } from '../operators/operator-budget';
import { OperatorWork, statusQuerySends } from '../operator-work/operator-work.service';

/** How the last answer before a deadline failure is described to the merchant. */
const LAST_ANSWER: Record<StatusOutcome['kind'], string> = {
  pending: 'the network still reported it pending',
  unknown: 'the network could not be asked or gave no readable answer',
  not_found: 'the network had no record of it',
  final: '',
};

/**
 * Status checks (after a callback, or asked by the reconciler), paced per operator. Only an
 * operator's own answer to our question ever becomes a result, never a callback's claim.
 *
 * The deadline policy's operator side (docs/durability.md): a `deadline` check asks once more and,
 * if the operator still has no final answer, fails the transaction with DEADLINE_EXCEEDED. A
 * `watch` check asks about a failure of our own deciding; if the operator now says it succeeded,
 * that goes to payments-core, which keeps the failure and raises a reconciliation exception.
 */
@Processor(QueueName.OperatorStatusChecks)
export class OperatorStatusChecksProcessor extends JobHandlerHost<typeof QueueName.OperatorStatusChecks> {
  private readonly logger = new Logger(OperatorStatusChecksProcessor.name);
  protected readonly queue = QueueName.OperatorStatusChecks;
  protected readonly handlers: JobHandlers<typeof QueueName.OperatorStatusChecks> = {
    'check-transaction-status': (job) => this.checkStatus(job),
  };

  constructor(
    private readonly work: OperatorWork,
    private readonly operators: OperatorRegistry,
    private readonly config: OperatorAdapterConfig,
    private readonly budget: OperatorRequestBudget,
  ) {
    super();
    this.concurrency = config.STATUS_CHECK_CONCURRENCY;
  }

  private async checkStatus({ transactionId, reason }: CheckTransactionStatusJob): Promise<void> {
    const transaction = await this.work.load(transactionId);
    if (transaction.status !== 'pending') {
      if (reason === 'watch') await this.watch(transaction);
      return;
    }
    // A watch check that finds the transaction still pending is an ordinary reconciliation.
    const why: StatusCheckReason = reason === 'watch' ? 'reconcile' : reason;
    if (why === 'deadline' && !this.operators.connectorFor(transaction.network, transaction.mode)) {
      // The operator cannot even be asked (its settings were removed since): nothing will ever resolve it.
      return this.failAtDeadline(transaction, { kind: 'unknown', detail: `${transaction.network} is not configured for ${transaction.mode} mode` });
    }
    const asked = await this.ask(transaction, why);
    if (!asked) return;
    const { subject, connector, outcome } = asked;
    if (outcome.kind === 'final') await this.work.report(transaction, outcome, why);
    else if (why === 'deadline') await this.failAtDeadline(transaction, outcome);
    else if (outcome.kind === 'not_found' && why === 'reconcile') await this.unreceived(subject, connector);
  }

  /** Queries the operator within the query budget; undefined when it was not asked (the reconciler asks again). */
  private async ask(transaction: TransactionEntity, reason: StatusCheckReason) {
    const connector = this.operators.connectorFor(transaction.network, transaction.mode);
    if (!connector) return undefined;
    if (!(await this.budget.admitStatusQuery(transaction.network, transaction.mode))) {
      this.logger.debug({ transactionId: transaction.id, reason }, 'status check skipped: operator query budget spent; the reconciler asks again');
      return undefined;
    }
    const subject = await this.work.subject(transaction);
    const outcome = await connector.queryStatus(subject);
    this.logger.debug({ transactionId: transaction.id, reason, outcome: outcome.kind }, 'status checked');
    return { subject, connector, outcome };
  }

  /**
   * The deadline passed and the operator, asked just now, still has no final answer: the
   * transaction fails. An operator with no record of it at all gets the more precise NOT_RECEIVED
   * once it is old enough for no re-send to be in flight. Nothing is re-sent at the deadline.
   */
  private async failAtDeadline(t: TransactionEntity, outcome: StatusOutcome): Promise<void> {
    const ageSeconds = (Date.now() - t.createdAt.getTime()) / 1000;
    const code = outcome.kind === 'not_found' && ageSeconds >= this.config.UNRECEIVED_GIVE_UP_SECONDS ? 'NOT_RECEIVED' : 'DEADLINE_EXCEEDED';
    this.logger.warn({ transactionId: t.id, direction: t.direction, ageSeconds, lastAnswer: outcome.kind, failureCode: code }, 'deadline passed without a final answer: failing the transaction');
    const message = code === 'NOT_RECEIVED' ? failureMessage(code) : failureMessage(code, LAST_ANSWER[outcome.kind]);
    await this.work.report(t, { kind: 'final', status: 'failed', failureCode: code, failureMessage: message }, 'deadline');
  }

  /**
   * A failure of our own deciding, asked about again. Only an answer that contradicts it is
   * reported (payments-core records it as an exception); agreement or silence changes nothing.
   * A watch must never move money, so what cannot be asked about without sending it again (Airtel
   * refunds) is not watched.
   */
  private async watch(t: TransactionEntity): Promise<void> {
    if (t.status !== 'failed' || statusQuerySends(t)) return;
    const asked = await this.ask(t, 'watch');
    if (asked?.outcome.kind === 'final' && asked.outcome.status !== t.status) {
      this.logger.warn({ transactionId: t.id, recorded: t.status, reported: asked.outcome.status }, 'operator contradicts a failure we decided');
      await this.work.report(t, asked.outcome, 'watch');
    }
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
      await this.work.report(t, { kind: 'final', status: 'failed', failureCode: 'NOT_RECEIVED', failureMessage: failureMessage('NOT_RECEIVED') }, 'reconcile');
      return;
    }
    // Re-sends stop at half the give-up age, so none can still be in flight when we give up.
    if (this.work.sendRefusal(t)) return;
    this.logger.warn({ transactionId: t.id, ageSeconds }, 'operator has no record of the transaction: re-sending its initiation');
    const { outcome, confirmed } = await connector.initiate(subject);
    if (confirmed) await this.work.report(t, confirmed, 'reconcile');
    else if (outcome.kind === 'refused') {
      await this.work.report(t, { kind: 'final', status: 'failed', failureCode: outcome.failureCode, failureMessage: outcome.failureMessage }, 'reconcile');
    }
  }
}
