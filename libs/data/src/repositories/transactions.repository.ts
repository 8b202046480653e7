import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Direction, FinalStatus, InitiatedBy, InitiationState, Mode, Network, Provider } from '@momo/domain';
import { TransactionEntity } from '../entities';
import { hydrate, queryRows } from './hydrate';

export interface NewTransaction {
  id: string;
  merchantId: string;
  appId: string;
  mode: Mode;
  direction: Direction;
  amount: number;
  fee: number;
  msisdn: string;
  description: string;
  reference: string;
  metadata: Record<string, string>;
  network: Network;
  provider: Provider;
  initiatedBy: InitiatedBy;
  reversesPaymentId: string | null;
}

export interface FinalOutcome {
  status: FinalStatus;
  failureCode: string | null;
  failureMessage: string | null;
  providerRef?: string;
}

/** transactions: written only by payments-core; read by every service. */
@Injectable()
export class TransactionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts a pending transaction; a second insert of the same id returns the first one untouched. */
  async insertPending(t: NewTransaction, em: EntityManager = this.dataSource.manager): Promise<{ transaction: TransactionEntity; created: boolean }> {
    const rows = await queryRows(
      em,
      `INSERT INTO transactions (id, merchant_id, app_id, mode, direction, amount, fee, msisdn, description, reference,
         metadata, network, provider, initiated_by, reverses_payment_id)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)
       ON CONFLICT (id) DO NOTHING
       RETURNING *`,
      [t.id, t.merchantId, t.appId, t.mode, t.direction, t.amount, t.fee, t.msisdn, t.description, t.reference,
        JSON.stringify(t.metadata), t.network, t.provider, t.initiatedBy, t.reversesPaymentId],
    );
    if (rows.length === 1) return { transaction: hydrate(em, TransactionEntity, rows[0]), created: true };
    const existing = await this.findById(t.id, em);
    if (!existing) throw new Error(`transaction ${t.id} neither inserted nor found`);
    return { transaction: existing, created: false };
  }

  findById(id: string, em: EntityManager = this.dataSource.manager): Promise<TransactionEntity | null> {
    return em.findOneBy(TransactionEntity, { id });
  }

  /** A transaction as seen by one app in one mode: anything else is simply not found. */
  findForApp(id: string, appId: string, mode: Mode): Promise<TransactionEntity | null> {
    return this.dataSource.manager.findOneBy(TransactionEntity, { id, appId, mode });
  }

  /** Records what the operator said about our initiation; only while the transaction is pending. */
  async setInitiationState(id: string, state: InitiationState, providerRef?: string, em: EntityManager = this.dataSource.manager): Promise<void> {
    await em.query(
      `UPDATE transactions SET initiation_state = $2, provider_ref = COALESCE(NULLIF($3, ''), provider_ref), updated_at = now()
       WHERE id = $1 AND status = 'pending'`,
      [id, state, providerRef ?? ''],
    );
  }

  /**
   * pending -> succeeded | failed, as one conditional update. Returns the updated transaction, or
   * null when it was no longer pending (someone else finalised it first: nothing to do).
   */
  async finalize(id: string, outcome: FinalOutcome, em: EntityManager): Promise<TransactionEntity | null> {
    const rows = await queryRows(
      em,
      `UPDATE transactions
          SET status = $2, failure_code = $3, failure_message = $4,
              provider_ref = COALESCE(NULLIF($5, ''), provider_ref),
              initiation_state = CASE WHEN initiation_state IN ('not_sent', 'unknown') AND $2 = 'succeeded'
                                      THEN 'accepted' ELSE initiation_state END,
              completed_at = now(), updated_at = now()
        WHERE id = $1 AND status = 'pending'
        RETURNING *`,
      [id, outcome.status, outcome.failureCode, outcome.failureMessage, outcome.providerRef ?? ''],
    );
    return rows.length === 1 ? hydrate(em, TransactionEntity, rows[0]) : null;
  }
}
