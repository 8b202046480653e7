import { Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { JobIds, StatusCheckReason } from '@momo/contracts';
import { TransactionEntity, TransactionReadsRepository, traceOf } from '@momo/data';
import { initiationSendable } from '@momo/domain';
import { JobBatches, MicroBatcher } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { FinalStatus, operationKind, OperatorTransaction, SendableTransaction } from '../operators/operator-connector';

/**
 * What the initiation and status-check consumers (and the callback endpoint) share: reading a
 * transaction, reporting a final status. Reads of transactions wanted at the same moment go to
 * Postgres as one statement.
 */
@Injectable()
export class OperatorWork {
  private readonly reads: MicroBatcher<string, TransactionEntity | null>;
  /** Initiations this process is sending now, by transaction id (how many sends of each). */
  private readonly sending = new Map<string, number>();

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

  /**
   * Runs `send`, an initiation of `transactionId` (a first send or a re-send), remembering meanwhile
   * that it is on its way from this process.
   */
  async sendingInitiation<T>(transactionId: string, send: () => Promise<T>): Promise<T> {
    this.sending.set(transactionId, (this.sending.get(transactionId) ?? 0) + 1);
    try {
      return await send();
    } finally {
      const left = this.sending.get(transactionId)! - 1;
      if (left > 0) this.sending.set(transactionId, left);
      else this.sending.delete(transactionId);
    }
  }

  /**
   * Whether our first send of the transaction may still reach the operator, so that "no record of
   * it" proves nothing yet: this process is sending it now, or it is younger than the longest a
   * send begun at its creation can take (a budget slot, then the operator timeout), whichever
   * replica sent it.
   */
  initiationMayBeOnItsWay(transaction: SendableTransaction): boolean {
    const longestSendMs = this.config.OPERATOR_INITIATION_MAX_WAIT_MS + this.config.OPERATOR_TIMEOUT_MS;
    return this.sending.has(transaction.id) || ageOf(transaction) * 1000 < longestSendMs;
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
  sendRefusal(transaction: SendableTransaction): string | undefined {
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
  async subject<T extends SendableTransaction>(transaction: T): Promise<OperatorTransaction<T>> {
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
export function statusQuerySends(transaction: SendableTransaction): boolean {
  return transaction.network === 'airtel' && operationKind({ transaction }) === 'refund';
}

export function ageOf(transaction: Pick<TransactionEntity, 'createdAt'>): number {
  return (Date.now() - transaction.createdAt.getTime()) / 1000;
}
