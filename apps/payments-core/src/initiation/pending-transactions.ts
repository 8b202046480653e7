import { Injectable, Logger } from '@nestjs/common';
import { TransactionEntity, TransactionsRepository, UnpricedTransaction } from '@momo/data';
import type { InitiationState } from '@momo/domain';
import { currentCarrier, MicroBatcher, REQUEST_WRITE_LINGER_MS, wholeOrEachAlone } from '@momo/platform';

type Inserted = { transaction: TransactionEntity; created: boolean };
type InitiationUpdate = { id: string; state: InitiationState; providerRef?: string };

/**
 * The two writes every cash-in makes on its way to the operator (the pending row, priced by the
 * merchant's fee schedule in the same statement, then what the operator said), gathered across
 * the cash-ins being created at the same moment: one statement and one commit for all of them.
 * Each row is committed before its caller goes on, exactly as written alone. A batch Postgres
 * refuses is written again row by row, so one bad row fails alone.
 */
@Injectable()
export class PendingTransactions {
  private readonly logger = new Logger(PendingTransactions.name);
  private readonly inserts: MicroBatcher<UnpricedTransaction & { trace?: ReturnType<typeof currentCarrier> }, Inserted>;
  private readonly initiations: MicroBatcher<InitiationUpdate, TransactionEntity | null>;

  constructor(private readonly transactions: TransactionsRepository) {
    const options = { maxBatch: 200, maxConcurrentFlushes: 2, gatherTurn: true, lingerWhenBusyMs: REQUEST_WRITE_LINGER_MS };
    this.inserts = new MicroBatcher((rows) => this.rowByRowOnFailure(rows, (some) => transactions.insertPendingMany(some)), options);
    this.initiations = new MicroBatcher(
      (updates) =>
        this.rowByRowOnFailure(updates, async (some) => {
          const now = await transactions.setInitiationStates(some);
          return some.map((u) => now.get(u.id) ?? null);
        }),
      options,
    );
  }

  /**
   * Inserts a pending transaction at its merchant's fee, under the current request id and trace;
   * a second insert of the same id returns the first one untouched.
   */
  insert(t: UnpricedTransaction): Promise<Inserted> {
    return this.inserts.submit({ ...t, trace: currentCarrier() });
  }

  /** Records what the operator said about our initiation (while pending) and returns the transaction as it now stands. */
  recordInitiation(id: string, state: InitiationState, providerRef?: string): Promise<TransactionEntity | null> {
    return this.initiations.submit({ id, state, providerRef });
  }

  private rowByRowOnFailure<I, R>(items: I[], write: (items: I[]) => Promise<R[]>): Promise<(R | Error)[]> {
    return wholeOrEachAlone(items, write, (error) =>
      this.logger.warn({ err: (error as Error).message, batch: items.length }, 'batched write failed; writing its rows one by one'),
    );
  }
}
