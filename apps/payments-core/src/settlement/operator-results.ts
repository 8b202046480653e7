import { Injectable, Logger } from '@nestjs/common';
import { errorMessage, OperatorResultJob, UnresolvedAnswerJob } from '@momo/contracts';
import { TransactionEntity, TransactionsRepository } from '@momo/data';
import { failureWithoutFinalAnswer } from '@momo/domain';
import { Contradictions } from '../exceptions/contradictions.service';
import { SettlementService } from './settlement.service';
import { settledTransactions } from './settlement.metrics';

/**
 * What operator-adapter heard from the operators, applied: final statuses they confirmed (in
 * their answer to an initiation, after a callback or a reconciliation query), and, for the
 * reconciler's checks, answers short of one, which the deadline and not-received policy
 * (libs/domain reconciliation rules) turns into failures of our own deciding.
 */
@Injectable()
export class OperatorResults {
  private readonly logger = new Logger(OperatorResults.name);

  constructor(
    private readonly settlement: SettlementService,
    private readonly contradictions: Contradictions,
    private readonly transactions: TransactionsRepository,
  ) {}

  /** Settles the transaction as the operator said; resolves to it, or to null if it was already final. */
  async apply(result: OperatorResultJob): Promise<TransactionEntity | null> {
    const settled = await this.settlement.settle(result.transactionId, {
      status: result.status,
      failureCode: result.status === 'failed' ? (result.failureCode ?? 'OPERATOR_FAILED') : null,
      failureMessage: result.status === 'failed' ? (result.failureMessage ?? 'The operator reported a failure.') : null,
      providerRef: result.providerRef,
    });
    if (settled) settledTransactions.inc({ direction: settled.direction, status: settled.status });
    else await this.contradictions.noteUnapplied(result);
    return settled;
  }

  /** A pending transaction the operator did not finish when the reconciler asked: it fails now, or stays pending. */
  async decide(answer: UnresolvedAnswerJob): Promise<void> {
    const transaction = await this.transactions.findById(answer.transactionId);
    if (!transaction || transaction.status !== 'pending') return;
    const ageSeconds = (Date.now() - transaction.createdAt.getTime()) / 1000;
    const failure = failureWithoutFinalAnswer({ reason: answer.source, answer: answer.answer, ageSeconds, unreceivedGiveUpSeconds: answer.unreceivedGiveUpSeconds });
    if (!failure) return;
    this.logger.warn(
      { transactionId: transaction.id, direction: transaction.direction, ageSeconds: Math.round(ageSeconds), reason: answer.source, lastAnswer: answer.answer, detail: answer.detail, failureCode: failure.failureCode },
      answer.source === 'deadline' ? 'deadline passed without a final answer: failing the transaction' : 'operator never received the transaction: failing it',
    );
    const settled = await this.settlement.settle(transaction.id, { status: 'failed', failureCode: failure.failureCode, failureMessage: errorMessage(failure.failureCode, failure.detail) });
    if (settled) settledTransactions.inc({ direction: settled.direction, status: settled.status });
  }
}
