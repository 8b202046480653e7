import { Injectable, Logger } from '@nestjs/common';
import { toTransactionView } from '@momo/contracts';
import { ClaimRequest, IdempotencyScope, InsertedPending, PendingRow, TransactionEntity, TransactionsRepository, UnpricedTransaction } from '@momo/data';
import type { InitiationState } from '@momo/domain';
import { createdAnswer } from '@momo/money-requests';
import { currentCarrier, MicroBatcher, REQUEST_WRITE_LINGER_MS, wholeOrEachAlone } from '@momo/platform';
import { answerTemplate } from './answer-template';

type Inserted = NonNullable<InsertedPending>;
type InitiationUpdate = { asSent: TransactionEntity; state: InitiationState; providerRef?: string; answerTo?: IdempotencyScope };

/**
 * The two writes every cash-in makes on its way to the operator (the pending row, priced by the
 * merchant's fee schedule in the same statement, then what the operator said), gathered across
 * the cash-ins being created at the same moment: one statement and one commit for all of them.
 * Each row is committed before its caller goes on, exactly as written alone. A batch Postgres
 * refuses is written again row by row, so one bad row fails alone.
 *
 * A keyed cash in (CreateCashInCommand) rides the same two commits with its Idempotency-Key: the
 * key is claimed in the insert's statement, and the merchant's answer is stored in the statement
 * that records the operator's answer (answer-template.ts).
 */
@Injectable()
export class PendingTransactions {
  private readonly logger = new Logger(PendingTransactions.name);
  private readonly inserts: MicroBatcher<PendingRow, InsertedPending>;
  private readonly initiations: MicroBatcher<InitiationUpdate, TransactionEntity | null>;

  constructor(private readonly transactions: TransactionsRepository) {
    const options = { maxBatch: 200, maxConcurrentFlushes: 2, gatherTurn: true, lingerWhenBusyMs: REQUEST_WRITE_LINGER_MS };
    this.inserts = new MicroBatcher((rows) => this.rowByRowOnFailure(rows, (some) => transactions.insertPendingMany(some)), options);
    this.initiations = new MicroBatcher((updates) => this.rowByRowOnFailure(updates, (some) => this.recordInitiations(some)), options);
  }

  /**
   * Inserts a pending transaction at its merchant's fee, under the current request id and trace;
   * a second insert of the same id returns the first one untouched.
   */
  async insert(t: UnpricedTransaction): Promise<Inserted> {
    return (await this.inserts.submit({ ...t, trace: currentCarrier() })) as Inserted;
  }

  /**
   * The same, claiming an Idempotency-Key for it in the same commit (the claim's transaction id
   * is `t.id`). Null when the key was held already: nothing was written.
   */
  insertClaiming(t: UnpricedTransaction, claim: Omit<ClaimRequest, 'transactionId'>): Promise<InsertedPending> {
    return this.inserts.submit({ ...t, trace: currentCarrier(), claim });
  }

  /**
   * Records what the operator said about our initiation of `asSent` (while pending) and returns
   * the transaction as it now stands; with `answerTo`, the merchant's 201 showing that transaction
   * is stored under the key in the same commit (in one more when the transaction was final already).
   */
  recordInitiation(asSent: TransactionEntity, state: InitiationState, providerRef?: string, answerTo?: IdempotencyScope): Promise<TransactionEntity | null> {
    return this.initiations.submit({ asSent, state, providerRef, answerTo });
  }

  private async recordInitiations(updates: InitiationUpdate[]): Promise<(TransactionEntity | null)[]> {
    const keys = new Map(updates.flatMap((u) => (u.answerTo ? [[u.asSent.id, u.answerTo] as const] : [])));
    const now = await this.transactions.setInitiationStates(
      updates.map(({ asSent, state, providerRef, answerTo }) => ({ id: asSent.id, state, providerRef, answer: answerTo && answerTemplate(answerTo, asSent) })),
      (transaction) => {
        const scope = keys.get(transaction.id);
        if (!scope) return undefined;
        const { status, body } = createdAnswer(toTransactionView(transaction));
        return { scope, response: { status, body, sealed: false } };
      },
    );
    return updates.map((u) => now.get(u.asSent.id) ?? null);
  }

  private rowByRowOnFailure<I, R>(items: I[], write: (items: I[]) => Promise<R[]>): Promise<(R | Error)[]> {
    return wholeOrEachAlone(items, write, (error) =>
      this.logger.warn({ err: (error as Error).message, batch: items.length }, 'batched write failed; writing its rows one by one'),
    );
  }
}
