import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Mode } from '@momo/domain';
import { TransactionEntity } from '../entities';
import { hydrate, queryRows } from './hydrate';
import type { Table } from '../ownership';

export interface SettlementRecord {
  id: string;
  runId: string;
  merchantId: string;
  mode: Mode;
  /** The previous settlement's period end for this merchant and mode; null for the first. */
  periodStart: Date | null;
  periodEnd: Date;
  status: 'running' | 'completed';
  transactionCount: number;
  gross: number;
  fees: number;
  net: number;
  createdAt: Date;
  completedAt: Date | null;
}

export interface CoveredTransaction {
  id: string;
  reference: string;
  network: string;
  amount: number;
  fee: number;
  completedAt: Date;
  settledAt: Date;
}

/** What a cash in's settlement chunk claims: the unsettled succeeded cash ins of one merchant before the period end. */
export interface SettlementScope {
  settlementId: string;
  merchantId: string;
  mode: Mode;
  periodEnd: Date;
}

/**
 * settlement_runs and settlements (written by payments-core's settlement runs), and the stamping of
 * the cash ins they cover. Every write here is idempotent: a run is keyed by (mode, period end), a
 * settlement by (merchant, mode, period end), a cash in is claimed only while `settled_at` is null
 * (row-locked, re-checked after the lock), and a settlement's totals are recomputed from what it
 * covers, never added up incrementally.
 */
@Injectable()
export class SettlementsRepository {
  static readonly writes: readonly Table[] = ['settlement_runs', 'settlements', 'transactions'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The run for this mode and period end, created or resumed; `completed` if an earlier attempt finished it. */
  async startRun(mode: Mode, periodEnd: Date): Promise<{ id: string; completed: boolean }> {
    const [row] = await queryRows(
      this.dataSource.manager,
      `INSERT INTO settlement_runs (mode, period_end) VALUES ($1, $2)
       ON CONFLICT (mode, period_end) DO UPDATE SET attempts = settlement_runs.attempts + 1
       RETURNING id, completed_at`,
      [mode, periodEnd],
    );
    return { id: String(row.id), completed: row.completed_at !== null };
  }

  async completeRun(runId: string): Promise<void> {
    await this.dataSource.query(`UPDATE settlement_runs SET completed_at = COALESCE(completed_at, now()) WHERE id = $1`, [runId]);
  }

  /** Merchants with succeeded cash ins completed before the period end and not yet settled. */
  async merchantsWithUnsettled(mode: Mode, periodEnd: Date): Promise<string[]> {
    const rows: { merchant_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT merchant_id FROM transactions
        WHERE mode = $1 AND direction = 'collect' AND status = 'succeeded' AND settled_at IS NULL AND completed_at < $2`,
      [mode, periodEnd],
    );
    return rows.map((r) => r.merchant_id).sort();
  }

  /** The merchant's settlement for this period, created if missing (its start: the previous one's end). */
  async openSettlement(runId: string, merchantId: string, mode: Mode, periodEnd: Date): Promise<SettlementRecord> {
    await this.dataSource.query(
      `INSERT INTO settlements (id, run_id, merchant_id, mode, period_start, period_end)
       SELECT $1, $2, $3, $4,
              (SELECT max(period_end) FROM settlements WHERE merchant_id = $3 AND mode = $4 AND period_end < $5), $5
       ON CONFLICT (merchant_id, mode, period_end) DO NOTHING`,
      [randomUUID(), runId, merchantId, mode, periodEnd],
    );
    const [row] = await queryRows(this.dataSource.manager, `SELECT * FROM settlements WHERE merchant_id = $1 AND mode = $2 AND period_end = $3`, [merchantId, mode, periodEnd]);
    return toRecord(row);
  }

  /**
   * Stamps up to `limit` of the scope's unsettled cash ins as settled by this settlement and
   * returns them; the caller posts their release journals in the same Postgres transaction.
   * Rows are locked in id order; one a concurrent run or refund settled meanwhile is skipped.
   *
   * The locking select is a CTE, which Postgres evaluates exactly once. As an `IN (subquery)` the
   * planner may put it on the inner side of a nested loop and rescan it per outer row; each rescan
   * skips the rows this UPDATE already stamped and locks the next `limit`, so one chunk could
   * settle every unsettled cash in of the merchant (seen as a run "crashing after its first chunk"
   * with everything already settled).
   */
  async claimChunk(em: EntityManager, scope: SettlementScope, limit: number): Promise<TransactionEntity[]> {
    const rows = await queryRows(
      em,
      `WITH chunk AS MATERIALIZED (
         SELECT id FROM transactions
          WHERE merchant_id = $2 AND mode = $3 AND direction = 'collect' AND status = 'succeeded'
            AND settled_at IS NULL AND completed_at < $4
          ORDER BY id LIMIT $5 FOR UPDATE)
       UPDATE transactions t SET settled_at = now(), settlement_id = $1, updated_at = now()
         FROM chunk
        WHERE t.id = chunk.id AND t.settled_at IS NULL
        RETURNING t.*`,
      [scope.settlementId, scope.merchantId, scope.mode, scope.periodEnd, limit],
    );
    return rows.map((row) => hydrate(em, TransactionEntity, row));
  }

  /** Marks one cash in settled outside any run (its refund released it early); false if it already was. */
  async stampEarly(em: EntityManager, transactionId: string): Promise<boolean> {
    const rows = await queryRows(
      em,
      `UPDATE transactions SET settled_at = now(), updated_at = now()
        WHERE id = $1 AND direction = 'collect' AND status = 'succeeded' AND settled_at IS NULL RETURNING id`,
      [transactionId],
    );
    return rows.length === 1;
  }

  /** Totals from what the settlement covers (recomputed, so a resumed or concurrent run cannot double count), and completed. */
  async completeSettlement(settlementId: string): Promise<SettlementRecord> {
    const [row] = await queryRows(
      this.dataSource.manager,
      `UPDATE settlements s
          SET transaction_count = c.n, gross = c.gross, fees = c.fees, net = c.gross - c.fees,
              status = 'completed', completed_at = COALESCE(s.completed_at, now())
         FROM (SELECT count(*)::int AS n, COALESCE(sum(amount), 0) AS gross, COALESCE(sum(fee), 0) AS fees
                 FROM transactions WHERE settlement_id = $1) c
        WHERE s.id = $1
        RETURNING s.*`,
      [settlementId],
    );
    return toRecord(row);
  }

}

/** A settlements row as a record (shared with SettlementReadsRepository). */
export function toRecord(r: Record<string, unknown>): SettlementRecord {
  return {
    id: r.id as string,
    runId: String(r.run_id),
    merchantId: r.merchant_id as string,
    mode: r.mode as Mode,
    periodStart: (r.period_start as Date | null) ?? null,
    periodEnd: r.period_end as Date,
    status: r.status as SettlementRecord['status'],
    transactionCount: Number(r.transaction_count),
    gross: Number(r.gross),
    fees: Number(r.fees),
    net: Number(r.net),
    createdAt: r.created_at as Date,
    completedAt: (r.completed_at as Date | null) ?? null,
  };
}
