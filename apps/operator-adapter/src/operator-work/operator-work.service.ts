import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { JobIds, StatusCheckReason } from '@momo/contracts';
import { TransactionEntity, TransactionReadsRepository, traceOf } from '@momo/data';
import { initiationSendable } from '@momo/domain';
import { JobBatches, MicroBatcher } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { FinalStatus, operationKind, OperatorTransaction } from '../operators/operator-connector';

/**
 * What the initiation and status-check consumers (and the callback endpoint) share: reading a
 * transaction, reporting a final status. Reads of transactions wanted at the same moment go to
 * Postgres as one statement.
 */
@Injectable()
export class OperatorWork {
  private readonly reads: MicroBatcher<string, TransactionEntity | null>;

  constructor(
    private readonly transactions: TransactionReadsRepository,
    private readonly batches: JobBatches,
    private readonly config: OperatorAdapterConfig,
  ) {
    this.reads = new MicroBatcher(
      async (ids) => {
        const found = await transactions.findByIds([...new Set(ids)]);
        return ids.map((id) => found.get(id) ?? null);
      },
      { maxBatch: 500, maxConcurrentFlushes: 2, gatherTurn: true },
    );
  }

  /** The transaction as it stands now, or null. */
  find(transactionId: string): Promise<TransactionEntity | null> {
    return this.reads.submit(transactionId);
  }

  /**
   * Why an initiation must not be sent now, if it must not: the transaction is already final, or
   * past the send window (initiationSendable, libs/domain: no send may reach the operator once it
   * could be failed NOT_RECEIVED).
   */
  sendRefusal(transaction: TransactionEntity): string | undefined {
    if (transaction.status !== 'pending') return `the transaction is already ${transaction.status}`;
    // Asking about it sends it anyway, so it is never failed NOT_RECEIVED and its age does not matter.
    if (statusQuerySends(transaction)) return undefined;
    const ageSeconds = ageOf(transaction);
    if (!initiationSendable(ageSeconds, this.config.UNRECEIVED_GIVE_UP_SECONDS)) return `the transaction is ${Math.round(ageSeconds)} s old, past the re-send window`;
    return undefined;
  }

  async load(transactionId: string): Promise<TransactionEntity> {
    const transaction = await this.find(transactionId);
    if (!transaction) throw new UnrecoverableError(`transaction ${transactionId} does not exist`);
    return transaction;
  }

  /** A refund travels with the payment it reverses. */
  async subject(transaction: TransactionEntity): Promise<OperatorTransaction> {
    if (!transaction.reversesPaymentId) return { transaction };
    const refunded = (await this.find(transaction.reversesPaymentId)) ?? undefined;
    return { transaction, refunded };
  }

  /**
   * Hands a final status the operator itself gave us to payments-core. Results reported within a
   * few milliseconds of each other travel as one job (JobBatches); resolves once Redis holds it.
   * Applying a result is idempotent, so a repeat (a callback's check and a reconciler's check both
   * hearing the answer) changes nothing.
   */
  async report(transaction: TransactionEntity, outcome: FinalStatus, source: StatusCheckReason): Promise<void> {
    const transactionId = transaction.id;
    await this.batches.send(
      'apply-operator-result',
      {
        transactionId,
        status: outcome.status,
        failureCode: outcome.failureCode,
        failureMessage: outcome.failureMessage,
        providerRef: outcome.providerRef,
        source,
      },
      // A callback arrives as its own request; the result still belongs to the payment's story.
      { itemId: JobIds.operatorResult(transactionId, outcome.status), trace: traceOf(transaction) },
    );
  }
}

/**
 * Airtel has no refund enquiry: asking about a refund sends the refund again (Airtel refunds a
 * payment once, so that can only return the same refund, or make it if it was never received).
 */
export function statusQuerySends(transaction: TransactionEntity): boolean {
  return transaction.network === 'airtel' && operationKind({ transaction }) === 'refund';
}

export function ageOf(transaction: TransactionEntity): number {
  return (Date.now() - transaction.createdAt.getTime()) / 1000;
}
