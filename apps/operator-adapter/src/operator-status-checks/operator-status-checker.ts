import { Injectable, Logger } from '@nestjs/common';
import { CheckTransactionStatusJob, JobIds, StatusCheckReason } from '@momo/contracts';
import { TransactionEntity, traceOf } from '@momo/data';
import { UnresolvedAnswer } from '@momo/domain';
import { JobProducer } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { OperatorConnector, OperatorTransaction } from '../operators/operator-connector';
import { OperatorRegistry } from '../operators/operator-registry';
import { OperatorRequestBudget } from '../operators/operator-budget';
import { ageOf, OperatorWork, statusQuerySends } from '../operator-work/operator-work.service';
import { CheckAnswer, CheckedFor, statusChecks } from './status-check-metrics';

/**
 * Status checks (after a callback, or asked by the reconciler), paced per operator. The adapter
 * asks and reports what the operator said; it decides nothing about the transaction. Only an
 * operator's own answer to our question ever becomes a result, never a callback's claim.
 *
 * A final answer goes to payments-core as an operator result. A reconciler's check the operator
 * did not finish (at the deadline: any such answer; before it: "no record of it", unless our
 * first send may still be on its way or the initiation is re-sent) goes to payments-core as an
 * unresolved answer, and payments-core applies the deadline and not-received policy
 * (failureWithoutFinalAnswer, libs/domain). A `watch` check asks about a failure of our own
 * deciding; a final answer goes to payments-core, which keeps the failure and raises a
 * reconciliation exception if the operator now says it succeeded.
 *
 * Run by the status-check queue's consumer, and straight after a callback (CallbackStatusChecks).
 */
@Injectable()
export class OperatorStatusChecker {
  private readonly logger = new Logger(OperatorStatusChecker.name);

  constructor(
    private readonly work: OperatorWork,
    private readonly operators: OperatorRegistry,
    private readonly config: OperatorAdapterConfig,
    private readonly budget: OperatorRequestBudget,
    private readonly producer: JobProducer,
  ) {}

  /**
   * One check; `checkId` names it (a job id: an unresolved answer's report is keyed on it).
   * `loaded`: the transaction as the caller has just read it, saving a read.
   */
  async check({ transactionId, reason, recheck = 0 }: CheckTransactionStatusJob, checkId: string, loaded?: TransactionEntity): Promise<void> {
    const transaction = loaded ?? (await this.work.load(transactionId));
    if (transaction.status !== 'pending') {
      if (reason === 'watch') await this.watch(transaction);
      return;
    }
    // A watch check that finds the transaction still pending is an ordinary reconciliation.
    const why: StatusCheckReason = reason === 'watch' ? 'reconcile' : reason;
    const unresolved = (answer: UnresolvedAnswer, detail?: string) => this.reportUnresolved(transaction, why, answer, detail, checkId);
    if (why === 'deadline' && !this.operators.connectorFor(transaction.network, transaction.mode)) {
      // The operator cannot even be asked (its settings were removed since): nothing will ever resolve it.
      return unresolved('unknown', `${transaction.network} is not configured for ${transaction.mode} mode`);
    }
    const asked = await this.ask(transaction, why, why === 'callback' && recheck > 0 ? 'callback_recheck' : why);
    if (why === 'callback' && (!asked || asked.outcome.kind === 'unknown')) return this.recheckSoon(transaction, checkId, recheck);
    if (!asked) return;
    const { subject, connector, outcome } = asked;
    if (outcome.kind === 'final') await this.work.report(transaction, outcome, why);
    else if (why === 'deadline') await unresolved(outcome.kind, outcome.kind === 'unknown' ? outcome.detail : undefined);
    else if (outcome.kind === 'not_found' && why === 'reconcile') {
      // While our first send may still be on its way, "no record" proves nothing: the reconciler asks again.
      if (this.work.initiationMayBeOnItsWay(transaction)) return;
      if (!(await this.resend(subject, connector))) await unresolved('not_found');
    }
  }

  /** Queries the operator within the query budget; undefined when it was not asked (the reconciler asks again). */
  private async ask(transaction: TransactionEntity, reason: StatusCheckReason, checkedFor: CheckedFor = reason) {
    const count = (answer: CheckAnswer) => statusChecks.inc({ network: transaction.network, mode: transaction.mode, reason: checkedFor, answer });
    const connector = this.operators.connectorFor(transaction.network, transaction.mode);
    if (!connector || !(await this.budget.admitStatusQuery(transaction.network, transaction.mode, reason === 'callback' ? 'callback' : 'schedule'))) {
      this.logger.debug({ transactionId: transaction.id, reason }, 'status check skipped: operator not configured or query budget spent; the reconciler asks again');
      count('not_asked');
      return undefined;
    }
    const subject = await this.work.subject(transaction);
    const outcome = await connector.queryStatus(subject);
    this.logger.debug({ transactionId: transaction.id, reason, outcome: outcome.kind }, 'status checked');
    count(outcome.kind);
    return { subject, connector, outcome };
  }

  /**
   * A callback says the customer has answered the prompt, but our question about it got no answer
   * (not asked, or silence, a timeout, a 5xx): it is asked again after the next of
   * CALLBACK_RECHECK_DELAYS_MS, rather than at the reconciler's first check, 10 s after creation.
   * An operator's answer short of a final status ("pending", "no record") is not asked again
   * here: a forged callback must not multiply our queries. If the recheck cannot be queued, the
   * reconciler asks as it always does.
   */
  private async recheckSoon(t: TransactionEntity, checkId: string, made: number): Promise<void> {
    const delays = this.config.callbackRecheckDelays;
    if (made >= delays.length) return;
    const n = made + 1;
    try {
      await this.producer.add(
        'check-transaction-status',
        { transactionId: t.id, reason: 'callback', recheck: n },
        { jobId: JobIds.statusRecheck(checkId, n), delay: delays[made], trace: traceOf(t) },
      );
    } catch (error) {
      this.logger.warn({ err: error, transactionId: t.id }, 'could not queue a recheck after a callback; the reconciler asks');
    }
  }

  /**
   * A failure of our own deciding, asked about again. A final answer is reported as it is:
   * payments-core keeps the failure either way, and raises a reconciliation exception when the
   * answer contradicts it. A watch must never move money, so what cannot be asked about without
   * sending it again (Airtel refunds) is not watched.
   */
  private async watch(t: TransactionEntity): Promise<void> {
    if (t.status !== 'failed' || statusQuerySends(t)) return;
    const asked = await this.ask(t, 'watch');
    if (asked?.outcome.kind === 'final') await this.work.report(t, asked.outcome, 'watch');
  }

  /**
   * The operator has no record of the transaction, and our first send can no longer be on its way:
   * it never reached the operator (a crash or a lost request before it was sent). While the send
   * window is open the initiation is re-sent under the same reference, which the operator
   * deduplicates, and what it answers is reported. Returns whether it was re-sent.
   * Callback-triggered checks never get here.
   */
  private async resend(subject: OperatorTransaction<TransactionEntity>, connector: OperatorConnector): Promise<boolean> {
    const t = subject.transaction;
    if (this.work.sendRefusal(t)) return false;
    this.logger.warn({ transactionId: t.id, ageSeconds: ageOf(t) }, 'operator has no record of the transaction: re-sending its initiation');
    const { outcome, confirmed } = await this.work.sendingInitiation(t.id, () => connector.initiate(subject));
    if (confirmed) await this.work.report(t, confirmed, 'reconcile');
    else if (outcome.kind === 'refused') {
      await this.work.report(t, { kind: 'final', status: 'failed', failureCode: outcome.failureCode, failureMessage: outcome.failureMessage }, 'reconcile');
    }
    return true;
  }

  /** Hands an answer short of a final status to payments-core, which decides what it means (libs/domain reconciliation rules). */
  private async reportUnresolved(t: TransactionEntity, source: StatusCheckReason, answer: UnresolvedAnswer, detail: string | undefined, checkJobId: string): Promise<void> {
    this.logger.debug({ transactionId: t.id, source, answer, ageSeconds: Math.round(ageOf(t)) }, 'operator gave no final answer: reported to payments-core');
    await this.producer.add(
      'apply-unresolved-answer',
      { transactionId: t.id, answer, source, unreceivedGiveUpSeconds: this.config.UNRECEIVED_GIVE_UP_SECONDS, detail: detail?.slice(0, 500) },
      { jobId: JobIds.unresolvedAnswer(checkJobId), trace: traceOf(t) },
    );
  }
}
