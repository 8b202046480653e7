import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { toTransactionView, WebhookEventType } from '@momo/contracts';
import { FinalOutcome, keyedTransaction, LedgerRepository, OutboxRepository, TransactionEntity, TransactionsRepository } from '@momo/data';
import { collectPending, JournalDraft, MoneyMovement, payoutReleased, payoutSettled } from '@momo/domain';
import { MicroBatcher } from '@momo/platform';
import { OutboxRelay } from '../outbox/outbox-relay.service';
import { PaymentsCoreConfig } from '../payments-core.config';
import { contradictingOperatorAnswers } from './settlement.metrics';

export interface SettlementRequest {
  transactionId: string;
  outcome: FinalOutcome;
}

/**
 * Applies final statuses: the conditional status update, the ledger posting and the outbox event
 * commit together or not at all. Applying the same outcome twice changes nothing; an outcome that
 * contradicts a status already final is an exception for a human, never a status flip.
 *
 * Concurrent settlements are batched into one Postgres transaction (MicroBatcher): one commit and
 * one update of each merchant balance for many payments. Every statement of it reaches its rows by
 * key, so it runs on a keyed connection (keyedTransaction): each statement planned once per
 * connection, never into a scan. A batch that fails is retried item by
 * item, so one bad settlement cannot hold back the others.
 */
@Injectable()
export class SettlementService {
  private readonly logger = new Logger(SettlementService.name);
  private readonly batcher: MicroBatcher<SettlementRequest, TransactionEntity | null>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionsRepository,
    private readonly ledger: LedgerRepository,
    private readonly outbox: OutboxRepository,
    private readonly relay: OutboxRelay,
    config: PaymentsCoreConfig,
  ) {
    this.batcher = new MicroBatcher((requests) => this.settleBatch(requests), {
      maxBatch: config.SETTLEMENT_BATCH_SIZE,
      maxConcurrentFlushes: 1,
      // The results of one batch job reach here in one turn: one settlement for all of them.
      gatherTurn: true,
    });
  }

  /** Settles one transaction; resolves to it once committed, or to null if it was no longer pending. */
  settle(transactionId: string, outcome: FinalOutcome): Promise<TransactionEntity | null> {
    return this.batcher.submit({ transactionId, outcome });
  }

  private async settleBatch(requests: SettlementRequest[]): Promise<(TransactionEntity | null | Error)[]> {
    try {
      const eventIds: string[] = [];
      const results = await keyedTransaction(this.dataSource, (em) => this.settleIn(em, requests, eventIds));
      if (eventIds.length > 0) this.relay.kick(eventIds);
      return results;
    } catch (error) {
      if (requests.length === 1) return [error instanceof Error ? error : new Error(String(error))];
      this.logger.warn({ err: error, batch: requests.length }, 'settlement batch failed; settling its items one by one');
      return Promise.all(requests.map(async (request) => (await this.settleBatch([request]))[0]));
    }
  }

  /** `eventIds` receives the ids of the outbox events written, for the relay once committed. */
  private async settleIn(em: EntityManager, requests: SettlementRequest[], eventIds: string[]): Promise<(TransactionEntity | null | Error)[]> {
    // The first request for a transaction in a batch is the one that counts; repeats get null.
    const firsts = new Map<string, SettlementRequest>();
    for (const request of requests) if (!firsts.has(request.transactionId)) firsts.set(request.transactionId, request);
    const settled = await this.transactions.finalizeMany(
      [...firsts.values()].map((r) => ({ transactionId: r.transactionId, ...r.outcome })),
      em,
    );
    const settledById = new Map(settled.map((t) => [t.id, t]));
    const missing = await this.noteUnsettled(
      em,
      [...firsts.values()].filter((r) => !settledById.has(r.transactionId)),
    );

    await this.ledger.postMany(
      em,
      settled.flatMap((t) => {
        const journal = journalFor(t);
        return journal ? [{ transactionId: t.id, journal }] : [];
      }),
    );
    eventIds.push(...(await this.outbox.addMany(em, settled.map((t) => ({ eventType: eventTypeOf(t), transaction: toTransactionView(t) })))));

    return requests.map((request) => {
      if (missing.has(request.transactionId)) return new Error(`transaction ${request.transactionId} does not exist`);
      if (firsts.get(request.transactionId) !== request) return null;
      return settledById.get(request.transactionId) ?? null;
    });
  }

  /** Flags outcomes that contradict an already final status; returns the ids that do not exist. */
  private async noteUnsettled(em: EntityManager, unsettled: SettlementRequest[]): Promise<Set<string>> {
    if (unsettled.length === 0) return new Set();
    const statuses = await this.transactions.statusesOf(unsettled.map((r) => r.transactionId), em);
    const missing = new Set<string>();
    for (const { transactionId, outcome } of unsettled) {
      const recorded = statuses.get(transactionId);
      if (!recorded) missing.add(transactionId);
      else if (recorded !== outcome.status) {
        contradictingOperatorAnswers.inc({ kind: 'contradicting_final_status' });
        this.logger.error(
          { transactionId, recorded, reported: outcome.status, failureCode: outcome.failureCode },
          'reconciliation exception: operator reports a different final status than recorded',
        );
      }
    }
    return missing;
  }
}

export function movementOf(t: TransactionEntity): MoneyMovement {
  return { merchantId: t.merchantId, mode: t.mode, network: t.network, amount: t.amount, fee: t.fee };
}

/**
 * Collections move money only when they succeed, into pending balance until settled
 * (docs/settlement.md); payouts were reserved at creation.
 */
export function journalFor(t: TransactionEntity): JournalDraft | null {
  if (t.direction === 'collect') return t.status === 'succeeded' ? collectPending(movementOf(t)) : null;
  return t.status === 'succeeded' ? payoutSettled(movementOf(t)) : payoutReleased(movementOf(t));
}

export function eventTypeOf(t: TransactionEntity): WebhookEventType {
  const subject = t.direction === 'collect' ? 'payment' : 'payout';
  return `${subject}.${t.status === 'succeeded' ? 'succeeded' : 'failed'}` as WebhookEventType;
}
