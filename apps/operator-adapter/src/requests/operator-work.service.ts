import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { JobIds, StatusCheckReason } from '@momo/contracts';
import { TransactionEntity, TransactionsRepository } from '@momo/data';
import { JobProducer } from '@momo/platform';
import { FinalStatus, OperatorTransaction } from '../operators/operator-connector';

/** What the initiation and status-check consumers share: reading a transaction, reporting a final status. */
@Injectable()
export class OperatorWork {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly producer: JobProducer,
  ) {}

  async load(transactionId: string): Promise<TransactionEntity> {
    const transaction = await this.transactions.findById(transactionId);
    if (!transaction) throw new UnrecoverableError(`transaction ${transactionId} does not exist`);
    return transaction;
  }

  /** A refund travels with the payment it reverses. */
  async subject(transaction: TransactionEntity): Promise<OperatorTransaction> {
    if (!transaction.reversesPaymentId) return { transaction };
    const refunded = (await this.transactions.findById(transaction.reversesPaymentId)) ?? undefined;
    return { transaction, refunded };
  }

  /**
   * Hands a final status the operator itself gave us to payments-core. The job id folds repeats
   * of one result together while one is queued; a job of that id that failed for good (Postgres
   * down through all its retries) is removed first, or it would swallow every later report of the
   * same result for as long as failed jobs are kept, and the transaction would stay pending.
   */
  async report(transactionId: string, outcome: FinalStatus, source: StatusCheckReason): Promise<void> {
    const jobId = JobIds.operatorResult(transactionId, outcome.status);
    const queue = this.producer.queueFor('apply-operator-result');
    if ((await queue.getJobState(jobId)) === 'failed') await queue.remove(jobId);
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
      { jobId },
    );
  }
}
