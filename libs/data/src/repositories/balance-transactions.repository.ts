import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { Mode } from '@momo/domain';
import { queryRows } from './hydrate';
import type { Table } from '../ownership';

/** A merchant's money in one mode: unsettled, spendable, held for cash outs in flight. */
export interface MerchantBalance {
  pending: number;
  available: number;
  reserved: number;
}

/** What a ledger movement was, for the merchant (docs/settlement.md). */
export const BALANCE_TRANSACTION_TYPES = [
  'payment',
  'settlement',
  'early_settlement',
  'payout_hold',
  'payout',
  'payout_release',
  'refund_hold',
  'refund',
  'refund_release',
  'withdrawal_hold',
  'withdrawal',
  'withdrawal_release',
  'adjustment',
] as const;
export type BalanceTransactionType = (typeof BALANCE_TRANSACTION_TYPES)[number];

export interface Balances {
  available: number;
  pending: number;
  reserved: number;
  /** pending + available + reserved: everything the platform owes the merchant in this mode. */
  total: number;
}

/** One journal as it touched one merchant's accounts. */
export interface BalanceTransaction {
  id: string;
  type: BalanceTransactionType;
  createdAt: Date;
  /** The transaction it came from; null for a ledger adjustment. */
  transactionId: string | null;
  settlementId: string | null;
  adjustmentId: string | null;
  /** The source transaction's amount and fee (an adjustment: its amount, unsigned, and no fee). */
  amount: number;
  fee: number;
  /** What this movement changed, per account and in total (`net` = change of the total). */
  change: Balances;
  net: number;
  /** The merchant's balances right after this movement, in ledger order. */
  balanceAfter: Balances;
}

export interface BalanceTransactionFilters {
  merchantId: string;
  mode: Mode;
  type?: BalanceTransactionType;
  /** Inclusive lower and exclusive upper bounds of created_at. */
  createdFrom?: Date;
  createdTo?: Date;
}

export interface Statement {
  from: Date;
  to: Date;
  opening: Balances;
  closing: Balances;
  /** Oldest first. */
  movements: BalanceTransaction[];
}

// Every journal touching the merchant's accounts in this mode, with per-account changes and the
// running balances after it (ledger order: journal id). $1 merchant, $2 mode.
const MOVEMENTS = `
  WITH accounts AS (SELECT id, kind FROM ledger_accounts WHERE merchant_id = $1 AND mode = $2),
  moves AS (
    SELECT j.id, j.kind, j.created_at, j.transaction_id, j.adjustment_id,
           COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'merchant_available'), 0)::bigint AS d_available,
           COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'merchant_pending'), 0)::bigint AS d_pending,
           COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'merchant_reserved'), 0)::bigint AS d_reserved
      FROM ledger_entries e JOIN accounts a ON a.id = e.account_id JOIN ledger_journals j ON j.id = e.journal_id
     GROUP BY j.id),
  running AS (
    SELECT m.*,
           sum(d_available) OVER w AS available_after, sum(d_pending) OVER w AS pending_after, sum(d_reserved) OVER w AS reserved_after
      FROM moves m WINDOW w AS (ORDER BY m.id))
  SELECT r.*, COALESCE(t.amount, abs(adj.amount)) AS amount, COALESCE(t.fee, 0) AS fee, t.settlement_id,
         CASE r.kind
           WHEN 'adjustment' THEN 'adjustment'
           WHEN 'collect_pending' THEN 'payment'
           WHEN 'collect_settled' THEN 'payment'
           WHEN 'collect_released' THEN CASE WHEN t.settlement_id IS NOT NULL THEN 'settlement' ELSE 'early_settlement' END
           WHEN 'payout_reserved' THEN CASE WHEN t.withdrawal THEN 'withdrawal_hold' WHEN t.reverses_payment_id IS NULL THEN 'payout_hold' ELSE 'refund_hold' END
           WHEN 'payout_settled' THEN CASE WHEN t.withdrawal THEN 'withdrawal' WHEN t.reverses_payment_id IS NULL THEN 'payout' ELSE 'refund' END
           WHEN 'payout_released' THEN CASE WHEN t.withdrawal THEN 'withdrawal_release' WHEN t.reverses_payment_id IS NULL THEN 'payout_release' ELSE 'refund_release' END
         END AS type
    FROM running r LEFT JOIN transactions t ON t.id = r.transaction_id LEFT JOIN ledger_adjustments adj ON adj.id = r.adjustment_id`;

/**
 * The merchant's view of the ledger: every movement of its pending, available and reserved
 * balances (GET /v1/balance-transactions) and statements over a date range whose opening balance
 * plus movements equals the closing balance. Read-only; the running balances are computed from
 * the entries, so they always agree with the ledger.
 */
@Injectable()
export class BalanceTransactionsRepository {
  static readonly writes: readonly Table[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The balances now (the cached ones, which the invariants check against the entries). */
  async merchantBalance(merchantId: string, mode: string, em: EntityManager = this.dataSource.manager): Promise<MerchantBalance> {
    const rows: { kind: string; balance: string }[] = await em.query(
      `SELECT kind, balance FROM ledger_accounts WHERE merchant_id = $1 AND mode = $2`,
      [merchantId, mode],
    );
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
    return { pending: of('merchant_pending'), available: of('merchant_available'), reserved: of('merchant_reserved') };
  }

  /** Newest first, before the given journal id. */
  async list(filters: BalanceTransactionFilters, limit: number, beforeId?: string): Promise<BalanceTransaction[]> {
    const params: unknown[] = [filters.merchantId, filters.mode];
    const where: string[] = [];
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (filters.type) add((p) => `type = ${p}`, filters.type);
    if (filters.createdFrom) add((p) => `created_at >= ${p}`, filters.createdFrom);
    if (filters.createdTo) add((p) => `created_at < ${p}`, filters.createdTo);
    if (beforeId) add((p) => `id < ${p}::bigint`, beforeId);
    params.push(limit);
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT * FROM (${MOVEMENTS}) x ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(toBalanceTransaction);
  }

  /** Balances before `from`, every movement in [from, to), balances before `to`: one snapshot. */
  async statement(merchantId: string, mode: Mode, from: Date, to: Date): Promise<Statement> {
    return this.dataSource.transaction('REPEATABLE READ', async (em) => {
      const rows = await queryRows(em, `SELECT * FROM (${MOVEMENTS}) x WHERE created_at < $3 ORDER BY id`, [merchantId, mode, to]);
      const all = rows.map(toBalanceTransaction);
      const opening = sumOf(all.filter((m) => m.createdAt < from));
      const movements = all.filter((m) => m.createdAt >= from);
      return { from, to, opening, closing: add(opening, sumOf(movements)), movements };
    });
  }
}

const ZERO: Balances = { available: 0, pending: 0, reserved: 0, total: 0 };

function add(a: Balances, b: Balances): Balances {
  return { available: a.available + b.available, pending: a.pending + b.pending, reserved: a.reserved + b.reserved, total: a.total + b.total };
}

function sumOf(movements: BalanceTransaction[]): Balances {
  return movements.reduce((total, m) => add(total, m.change), ZERO);
}

function balances(available: unknown, pending: unknown, reserved: unknown): Balances {
  const [a, p, r] = [Number(available), Number(pending), Number(reserved)];
  return { available: a, pending: p, reserved: r, total: a + p + r };
}

function toBalanceTransaction(r: Record<string, unknown>): BalanceTransaction {
  const change = balances(r.d_available, r.d_pending, r.d_reserved);
  return {
    id: String(r.id),
    type: r.type as BalanceTransactionType,
    createdAt: r.created_at as Date,
    transactionId: (r.transaction_id as string | null) ?? null,
    settlementId: (r.settlement_id as string | null) ?? null,
    adjustmentId: r.adjustment_id === null || r.adjustment_id === undefined ? null : String(r.adjustment_id),
    amount: Number(r.amount),
    fee: Number(r.fee),
    change,
    net: change.total,
    balanceAfter: balances(r.available_after, r.pending_after, r.reserved_after),
  };
}
