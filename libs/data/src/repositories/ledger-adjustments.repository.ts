import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AdjustmentCounterparty, ledgerAdjustment, Mode, Network } from '@momo/domain';
import { queryRows } from './hydrate';
import { LedgerRepository } from './ledger.repository';
import type { Table } from '../ownership';

export type AdjustmentStatus = 'proposed' | 'approved' | 'rejected';

export interface LedgerAdjustment {
  id: string;
  merchantId: string;
  mode: Mode;
  /** > 0 credits the merchant's available balance, < 0 debits it. */
  amount: number;
  counterparty: AdjustmentCounterparty;
  reason: string;
  exceptionId: string | null;
  status: AdjustmentStatus;
  proposedBy: string;
  proposedAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
}

export interface AdjustmentProposal {
  merchantId: string;
  mode: Mode;
  amount: number;
  counterparty: AdjustmentCounterparty;
  reason: string;
  exceptionId?: string;
  proposedBy: string;
}

/** Why an adjustment could not be decided, in words for the operator. */
export class AdjustmentRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdjustmentRefusedError';
  }
}

/**
 * ledger_adjustments (admin CLI): proposed by one operator, approved (journal posted, linked
 * exception resolved, all in one Postgres transaction) or rejected by another. The database
 * refuses a decision by the proposer (a CHECK), whatever the code path.
 */
@Injectable()
export class LedgerAdjustmentsRepository {
  static readonly writes: readonly Table[] = ['ledger_adjustments', 'reconciliation_exceptions', 'ledger_accounts', 'ledger_journals', 'ledger_entries'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async propose(p: AdjustmentProposal): Promise<LedgerAdjustment> {
    const [row] = await queryRows(
      this.dataSource.manager,
      `INSERT INTO ledger_adjustments (merchant_id, mode, amount, counterparty, network, reason, exception_id, proposed_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [p.merchantId, p.mode, p.amount, p.counterparty.kind, p.counterparty.kind === 'operator_float' ? p.counterparty.network : null, p.reason, p.exceptionId ?? null, p.proposedBy],
    );
    return toAdjustment(row);
  }

  async find(id: string, em: EntityManager = this.dataSource.manager): Promise<LedgerAdjustment | null> {
    const rows = await queryRows(em, `SELECT * FROM ledger_adjustments WHERE id = $1`, [id]);
    return rows.length ? toAdjustment(rows[0]) : null;
  }

  /** Newest first; open (proposed) ones only unless `all`. */
  async list(options: { all?: boolean; limit: number }): Promise<LedgerAdjustment[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT * FROM ledger_adjustments WHERE $1::boolean OR status = 'proposed' ORDER BY proposed_at DESC, id DESC LIMIT $2`,
      [options.all ?? false, options.limit],
    );
    return rows.map(toAdjustment);
  }

  /**
   * Posts the adjustment's journal and marks it approved; resolves the exception it names. Throws
   * AdjustmentRefusedError (nothing changes) when it is not open, or `by` proposed it; and
   * InsufficientFundsError when a debit would take the merchant's available balance below zero.
   */
  async approve(id: string, by: string, note?: string): Promise<LedgerAdjustment> {
    return this.dataSource.transaction(async (em) => {
      const adjustment = await this.lockOpen(em, id, by);
      await new LedgerRepository(this.dataSource).postAdjustment(em, id, ledgerAdjustment(adjustment.merchantId, adjustment.mode, adjustment.amount, adjustment.counterparty));
      const [row] = await queryRows(
        em,
        `UPDATE ledger_adjustments SET status = 'approved', decided_by = $2, decided_at = now(), decision_note = $3 WHERE id = $1 RETURNING *`,
        [id, by, note ?? null],
      );
      if (adjustment.exceptionId) {
        await em.query(
          `UPDATE reconciliation_exceptions SET resolved_at = now(), resolution = $2 WHERE id = $1 AND resolved_at IS NULL`,
          [adjustment.exceptionId, `ledger adjustment ${id} (${adjustment.amount} RWF, proposed by ${adjustment.proposedBy}, approved by ${by}): ${adjustment.reason}`],
        );
      }
      return toAdjustment(row);
    });
  }

  async reject(id: string, by: string, note: string): Promise<LedgerAdjustment> {
    return this.dataSource.transaction(async (em) => {
      await this.lockOpen(em, id, by);
      const [row] = await queryRows(
        em,
        `UPDATE ledger_adjustments SET status = 'rejected', decided_by = $2, decided_at = now(), decision_note = $3 WHERE id = $1 RETURNING *`,
        [id, by, note],
      );
      return toAdjustment(row);
    });
  }

  private async lockOpen(em: EntityManager, id: string, by: string): Promise<LedgerAdjustment> {
    const rows = await queryRows(em, `SELECT * FROM ledger_adjustments WHERE id = $1 FOR UPDATE`, [id]);
    if (rows.length === 0) throw new AdjustmentRefusedError(`no adjustment ${id}`);
    const adjustment = toAdjustment(rows[0]);
    if (adjustment.status !== 'proposed') throw new AdjustmentRefusedError(`adjustment ${id} is already ${adjustment.status}`);
    if (adjustment.proposedBy === by) throw new AdjustmentRefusedError(`adjustment ${id} was proposed by ${by}; another operator must decide it`);
    return adjustment;
  }
}

function toAdjustment(r: Record<string, unknown>): LedgerAdjustment {
  return {
    id: String(r.id),
    merchantId: r.merchant_id as string,
    mode: r.mode as Mode,
    amount: Number(r.amount),
    counterparty: r.counterparty === 'operator_float' ? { kind: 'operator_float', network: r.network as Network } : { kind: 'fee_revenue' },
    reason: r.reason as string,
    exceptionId: r.exception_id === null ? null : String(r.exception_id),
    status: r.status as AdjustmentStatus,
    proposedBy: r.proposed_by as string,
    proposedAt: r.proposed_at as Date,
    decidedBy: (r.decided_by as string | null) ?? null,
    decidedAt: (r.decided_at as Date | null) ?? null,
    decisionNote: (r.decision_note as string | null) ?? null,
  };
}
