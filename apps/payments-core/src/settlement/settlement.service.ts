import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  EventType,
  FinalOutcome,
  LedgerRepository,
  OutboxRepository,
  toTransactionView,
  TransactionEntity,
  TransactionsRepository,
} from '@momo/data';
import { collectSettled, JournalDraft, MoneyMovement, payoutReleased, payoutSettled } from '@momo/domain';
import { OutboxRelay } from '../outbox/outbox-relay.service';
import { reconciliationExceptions } from './settlement.metrics';

/**
 * Applies a final status: the conditional status update, the ledger posting and the outbox event
 * commit together or not at all. Applying the same outcome twice changes nothing; an outcome
 * that contradicts a status already final is an exception for a human, never a status flip.
 */
@Injectable()
export class SettlementService {
  private readonly logger = new Logger(SettlementService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionsRepository,
    private readonly ledger: LedgerRepository,
    private readonly outbox: OutboxRepository,
    private readonly relay: OutboxRelay,
  ) {}

  async settle(transactionId: string, outcome: FinalOutcome): Promise<TransactionEntity | null> {
    const settled = await this.dataSource.transaction((em) => this.settleIn(em, transactionId, outcome));
    if (settled) this.relay.kick();
    return settled;
  }

  /** The same, inside a caller's Postgres transaction (the caller kicks the relay after commit). */
  async settleIn(em: EntityManager, transactionId: string, outcome: FinalOutcome): Promise<TransactionEntity | null> {
    const settled = await this.transactions.finalize(transactionId, outcome, em);
    if (!settled) {
      await this.noteIfContradicting(transactionId, outcome, em);
      return null;
    }
    const journal = journalFor(settled);
    if (journal) await this.ledger.post(em, settled.id, journal);
    await this.outbox.add(em, eventTypeOf(settled), toTransactionView(settled));
    return settled;
  }

  private async noteIfContradicting(transactionId: string, outcome: FinalOutcome, em: EntityManager): Promise<void> {
    const current = await this.transactions.findById(transactionId, em);
    if (!current) throw new Error(`transaction ${transactionId} does not exist`);
    if (current.status !== outcome.status) {
      reconciliationExceptions.inc({ kind: 'contradicting_final_status' });
      this.logger.error(
        { transactionId, recorded: current.status, reported: outcome.status, failureCode: outcome.failureCode },
        'reconciliation exception: operator reports a different final status than recorded',
      );
    }
  }
}

function movementOf(t: TransactionEntity): MoneyMovement {
  return { merchantId: t.merchantId, mode: t.mode, network: t.network, amount: t.amount, fee: t.fee };
}

/** Collections move money only when they succeed; payouts were reserved at creation. */
export function journalFor(t: TransactionEntity): JournalDraft | null {
  if (t.direction === 'collect') return t.status === 'succeeded' ? collectSettled(movementOf(t)) : null;
  return t.status === 'succeeded' ? payoutSettled(movementOf(t)) : payoutReleased(movementOf(t));
}

export function eventTypeOf(t: TransactionEntity): EventType {
  const subject = t.direction === 'collect' ? 'payment' : 'payout';
  return `${subject}.${t.status === 'succeeded' ? 'succeeded' : 'failed'}` as EventType;
}
