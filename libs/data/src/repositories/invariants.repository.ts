import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Deadlines } from '@momo/domain';
import type { Table } from '../ownership';

/** What the money invariants are checked against (docs/durability.md). */
export interface InvariantBounds {
  deadlines: Deadlines;
  /** Time the reconciler has after a deadline to finish a transaction before it counts as late. */
  deadlineGraceSeconds: number;
  /** Longest an outbox event may wait to be published, and then to be taken by the dispatcher. */
  outboxBoundSeconds: number;
  /**
   * Time a settlement run has, after a cash in completed, before that cash in must be in the
   * run (a Postgres transaction can commit a little after its completion timestamp). Default 300.
   */
  settlementGraceSeconds?: number;
  /** Examples listed per violated invariant. */
  samples?: number;
}

export interface InvariantResult {
  name: InvariantName;
  description: string;
  violations: number;
  /** Up to `samples` of the offending rows, described. */
  samples: string[];
}

export const INVARIANTS = {
  journals_balance: 'every ledger journal has entries and they sum to zero',
  cached_balances_match_entries: 'every cached merchant balance equals the sum of its entries',
  no_negative_merchant_balance: 'no merchant pending, available or reserved balance is below zero',
  postings_match_status: 'each transaction has exactly the journals its direction, status and settlement call for (one posting per succeeded transaction, one release per settled cash in)',
  posting_amounts_match: "each journal moves exactly the transaction's amount and fee",
  final_transactions_announced: 'each final transaction has exactly one outbox event, of its final type; pending ones none',
  no_pending_past_deadline: 'no transaction is still pending past its deadline (plus grace)',
  outbox_published_in_time: 'no outbox event waits to be published longer than the bound',
  outbox_taken_in_time: 'no published event waits longer than the bound for the dispatcher to take it',
  pending_matches_unsettled: "each merchant's pending balance equals the net of its succeeded, unsettled cash ins",
  due_cash_ins_settled: 'no succeeded cash in is still unsettled after a completed settlement run whose period covers it',
  settlement_totals_match: "each completed settlement's count, gross, fees and net equal those of the cash ins it covers",
  adjustments_posted: "each approved ledger adjustment has exactly one journal moving its amount between the merchant's available balance and its counterparty; others none",
} as const;
export type InvariantName = keyof typeof INVARIANTS;

/**
 * What a round reads: everything, or a window from `since` on. In a window, the invariants about
 * rows that, once right, stay right unless they or rows written with them change (journals
 * balance, postings match status and amounts, final transactions announced, settlement totals)
 * read the rows written from `since` on (by the timestamps Postgres writes: journals' and events'
 * created_at, transactions' completed_at and settled_at, pending transactions' created_at,
 * settlements' completed_at) plus the rows last recorded as breaking them, so a record is dropped
 * once put right. Cached balances are compared with the stored running totals plus the entries of
 * journals created since. The rest are about the current state (pending transactions, unpublished
 * events, unsettled cash ins, adjustments) and read what they always read: a partial index or a
 * table that does not grow with history.
 */
export type InvariantScope = { kind: 'all' } | { kind: 'since'; since: Date };

/**
 * The money invariants as SQL, all read in one snapshot. Each query scans what it checks, so on a
 * large ledger run them at a modest interval (the reconciler's metric) or from the admin CLI.
 */
@Injectable()
export class InvariantsRepository {
  static readonly writes: readonly Table[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async check(bounds: InvariantBounds): Promise<InvariantResult[]> {
    const samples = bounds.samples ?? 10;
    return this.dataSource.transaction('REPEATABLE READ', async (em) => {
      await em.query('SET TRANSACTION READ ONLY');
      const results: InvariantResult[] = [];
      for (const [name, sql, params] of invariantQueries(bounds, { kind: 'all' })) {
        const [row]: { n: number; samples: string[] | null }[] = await em.query(
          `WITH bad AS (${sql}) SELECT count(*)::int AS n, (array_agg(x ORDER BY x))[1:${Number(samples)}] AS samples FROM bad`,
          params,
        );
        results.push({ name, description: INVARIANTS[name], violations: row.n, samples: row.samples ?? [] });
      }
      return results;
    });
  }
}

/** One invariant as SQL selecting its offending rows: `k` a stable key of the row, `x` its description. */
export type InvariantQuery = [InvariantName, string, unknown[]];

const MERCHANT_SUMS = `SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id`;

/** Each account's entries as the checker knows them: the running total up to the checkpoint plus the journals since. */
const WINDOW_SUMS = `
  SELECT COALESCE(r.account_id, d.account_id) AS account_id, COALESCE(r.total, 0) + COALESCE(d.total, 0) AS total
    FROM invariant_account_totals r
    FULL JOIN (SELECT e.account_id, sum(e.amount) AS total
                 FROM ledger_journals j JOIN ledger_entries e ON e.journal_id = j.id
                WHERE j.created_at >= $1::timestamptz GROUP BY e.account_id) d ON d.account_id = r.account_id`;

/** Subjects last recorded as breaking an invariant (read again every round until put right). */
const recorded = (name: InvariantName, type: 'bigint' | 'uuid') => `SELECT subject::${type} FROM invariant_violations WHERE invariant = '${name}'`;

/** Journals (with their entries: written together) created from `since` on. */
const NEW_JOURNALS = `SELECT id FROM ledger_journals WHERE created_at >= $1::timestamptz`;

/**
 * Transactions that may have changed from `since` on: each change of interest writes one of these
 * timestamps (a pending transaction its creation; a final one completed_at, never before its
 * creation; settlement settled_at; a journal or an event its created_at).
 */
const TOUCHED = `
  SELECT id FROM transactions WHERE status = 'pending' AND created_at >= $1::timestamptz
  UNION SELECT id FROM transactions WHERE completed_at >= $1::timestamptz
  UNION SELECT id FROM transactions WHERE settled_at >= $1::timestamptz
  UNION SELECT transaction_id FROM ledger_journals WHERE created_at >= $1::timestamptz AND transaction_id IS NOT NULL
  UNION SELECT transaction_id FROM outbox_events WHERE created_at >= $1::timestamptz`;

/** Settlements that may have changed from `since` on: completed then, or covering a cash in settled then. */
const TOUCHED_SETTLEMENTS = `
  SELECT id FROM settlements WHERE completed_at >= $1::timestamptz
  UNION SELECT settlement_id FROM transactions WHERE settled_at >= $1::timestamptz AND settlement_id IS NOT NULL`;

/**
 * The invariants as SQL over a scope. In a window, the windowed ones read only rows written in it
 * (their SQL uses $1, `since`); the others read what they always read.
 */
export function invariantQueries(b: InvariantBounds, scope: InvariantScope): InvariantQuery[] {
  const windowed = scope.kind === 'since';
  const since: unknown[] = windowed ? [scope.since] : [];
  const sums = windowed ? WINDOW_SUMS : MERCHANT_SUMS;
  return [
    [
      'journals_balance',
      `SELECT j.id::text AS k, 'journal ' || j.id || ' of ' || COALESCE(j.transaction_id::text, 'adjustment ' || j.adjustment_id) || ' sums to ' || COALESCE(sum(e.amount), 0) AS x
         FROM ledger_journals j LEFT JOIN ledger_entries e ON e.journal_id = j.id
        ${windowed ? `WHERE j.id IN (${NEW_JOURNALS} UNION ${recorded('journals_balance', 'bigint')})` : ''}
        GROUP BY j.id HAVING count(e.id) = 0 OR sum(e.amount) <> 0`,
      since,
    ],
    [
      'cached_balances_match_entries',
      `SELECT a.id::text AS k, a.account_key || ': cached ' || a.balance || ', entries ' || COALESCE(s.total, 0) AS x
         FROM ledger_accounts a LEFT JOIN (${sums}) s ON s.account_id = a.id
        WHERE a.balance IS NOT NULL AND a.balance <> COALESCE(s.total, 0)`,
      since,
    ],
    [
      'no_negative_merchant_balance',
      `SELECT a.id::text AS k, a.account_key || ': ' || LEAST(a.balance, COALESCE(s.total, 0)) AS x
         FROM ledger_accounts a LEFT JOIN (${sums}) s ON s.account_id = a.id
        WHERE a.kind IN ('merchant_pending', 'merchant_available', 'merchant_reserved') AND (a.balance < 0 OR COALESCE(s.total, 0) < 0)`,
      since,
    ],
    [
      'postings_match_status',
      `SELECT k.id::text AS k, k.id || ' (' || k.direction || ' ' || k.status || ': ' || COALESCE(NULLIF(array_to_string(k.got, ', '), ''), 'no journals') || ')' AS x
         FROM (SELECT t.id, t.direction, t.status, t.settled_at,
                      COALESCE(array_agg(j.kind ORDER BY j.kind) FILTER (WHERE j.kind IS NOT NULL), '{}') AS got
                 FROM transactions t LEFT JOIN ledger_journals j ON j.transaction_id = t.id
                ${windowed ? `WHERE t.id IN (${TOUCHED} UNION ${recorded('postings_match_status', 'uuid')})` : ''}
                GROUP BY t.id) k
        WHERE k.got <> CASE
                WHEN k.direction = 'collect' AND k.status = 'succeeded' THEN CASE
                  WHEN k.settled_at IS NULL THEN ARRAY['collect_pending']
                  WHEN k.got = ARRAY['collect_settled'] THEN ARRAY['collect_settled'] -- posted before settlement existed
                  ELSE ARRAY['collect_pending', 'collect_released'] END
                WHEN k.direction = 'collect' THEN '{}'::text[]
                WHEN k.status = 'pending' THEN ARRAY['payout_reserved']
                WHEN k.status = 'succeeded' THEN ARRAY['payout_reserved', 'payout_settled']
                ELSE ARRAY['payout_released', 'payout_reserved'] END`,
      since,
    ],
    [
      'posting_amounts_match',
      `SELECT p.id::text AS k, 'journal ' || p.id || ' (' || p.kind || ') of ' || p.transaction_id AS x
         FROM (SELECT j.id, j.kind, j.transaction_id, t.amount, t.fee,
                      COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'operator_float'), 0) AS flt,
                      COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'fee_revenue'), 0) AS rev,
                      COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'merchant_pending'), 0) AS pend,
                      COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'merchant_available'), 0) AS avail,
                      COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'merchant_reserved'), 0) AS res
                 FROM ledger_journals j JOIN transactions t ON t.id = j.transaction_id
                 LEFT JOIN ledger_entries e ON e.journal_id = j.id LEFT JOIN ledger_accounts a ON a.id = e.account_id
                ${windowed ? `WHERE j.id IN (${NEW_JOURNALS} UNION ${recorded('posting_amounts_match', 'bigint')})` : ''}
                GROUP BY j.id, t.amount, t.fee) p
        WHERE NOT CASE p.kind
                WHEN 'collect_settled' THEN p.flt = -p.amount AND p.rev = p.fee AND p.pend = 0 AND p.avail = p.amount - p.fee AND p.res = 0
                WHEN 'collect_pending' THEN p.flt = -p.amount AND p.rev = p.fee AND p.pend = p.amount - p.fee AND p.avail = 0 AND p.res = 0
                WHEN 'collect_released' THEN p.flt = 0 AND p.rev = 0 AND p.pend = -(p.amount - p.fee) AND p.avail = p.amount - p.fee AND p.res = 0
                WHEN 'payout_reserved' THEN p.flt = 0 AND p.rev = 0 AND p.pend = 0 AND p.avail = -(p.amount + p.fee) AND p.res = p.amount + p.fee
                WHEN 'payout_settled' THEN p.flt = p.amount AND p.rev = p.fee AND p.pend = 0 AND p.avail = 0 AND p.res = -(p.amount + p.fee)
                WHEN 'payout_released' THEN p.flt = 0 AND p.rev = 0 AND p.pend = 0 AND p.avail = p.amount + p.fee AND p.res = -(p.amount + p.fee)
                ELSE false END`,
      since,
    ],
    [
      'final_transactions_announced',
      `SELECT t.id::text AS k, t.id || ' (' || t.status || ', ' || count(e.id) || ' events)' AS x
         FROM transactions t LEFT JOIN outbox_events e ON e.transaction_id = t.id
        ${windowed ? `WHERE t.id IN (${TOUCHED} UNION ${recorded('final_transactions_announced', 'uuid')})` : ''}
        GROUP BY t.id
       HAVING count(e.id) <> CASE WHEN t.status = 'pending' THEN 0 ELSE 1 END
           OR bool_or(e.event_type <> CASE WHEN t.direction = 'collect' THEN 'payment.' ELSE 'payout.' END || t.status)`,
      since,
    ],
    [
      'no_pending_past_deadline',
      `SELECT id::text AS k, id || ' (' || direction || ', created ' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ')' AS x
         FROM transactions
        WHERE status = 'pending'
          AND created_at < now() - make_interval(secs => CASE direction WHEN 'collect' THEN $1::int ELSE $2::int END + $3::int)`,
      [b.deadlines.collect, b.deadlines.payout, b.deadlineGraceSeconds],
    ],
    [
      'outbox_published_in_time',
      `SELECT id::text AS k, 'event ' || id || ' (' || event_type || ' of ' || transaction_id || ')' AS x
         FROM outbox_events WHERE published_at IS NULL AND created_at < now() - make_interval(secs => $1::int)`,
      [b.outboxBoundSeconds],
    ],
    [
      'outbox_taken_in_time',
      `SELECT e.id::text AS k, 'event ' || e.id || ' (' || e.event_type || ' of ' || e.transaction_id || ')' AS x
         FROM outbox_events e JOIN app_webhook_settings s ON s.app_id = e.app_id AND s.mode = e.payload->>'mode'
        WHERE e.published_at IS NOT NULL AND e.consumed_at IS NULL
          AND e.published_at < now() - make_interval(secs => $1::int)
          AND s.url IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.app_id = e.app_id)`,
      [b.outboxBoundSeconds],
    ],
    [
      'pending_matches_unsettled',
      `SELECT COALESCE(a.mode, u.mode) || ':' || COALESCE(a.merchant_id, u.merchant_id) AS k, COALESCE(a.mode, u.mode) || ':' || COALESCE(a.merchant_id, u.merchant_id) || ': pending ' || COALESCE(a.balance, 0) || ', unsettled net ' || COALESCE(u.net, 0) AS x
         FROM (SELECT mode, merchant_id, balance FROM ledger_accounts WHERE kind = 'merchant_pending') a
         FULL JOIN (SELECT t.mode, t.merchant_id, sum(t.amount - t.fee) AS net
                      FROM transactions t JOIN ledger_journals j ON j.transaction_id = t.id AND j.kind = 'collect_pending'
                     WHERE t.direction = 'collect' AND t.status = 'succeeded' AND t.settled_at IS NULL
                     GROUP BY t.mode, t.merchant_id) u ON u.mode = a.mode AND u.merchant_id = a.merchant_id
        WHERE COALESCE(a.balance, 0) <> COALESCE(u.net, 0)`,
      [],
    ],
    [
      'due_cash_ins_settled',
      `SELECT t.id::text AS k, t.id || ' (' || t.mode || ', completed ' || to_char(t.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ')' AS x
         FROM transactions t
        WHERE t.direction = 'collect' AND t.status = 'succeeded' AND t.settled_at IS NULL
          AND EXISTS (SELECT 1 FROM settlement_runs r
                       WHERE r.mode = t.mode AND r.completed_at IS NOT NULL AND r.period_end > t.completed_at
                         AND r.started_at > t.completed_at + make_interval(secs => $1::int))`,
      [b.settlementGraceSeconds ?? 300],
    ],
    [
      'settlement_totals_match',
      `SELECT s.id::text AS k, 'settlement ' || s.id || ': recorded ' || s.transaction_count || '/' || s.gross || '/' || s.fees || ', covers ' || COALESCE(c.n, 0) || '/' || COALESCE(c.gross, 0) || '/' || COALESCE(c.fees, 0) AS x
         FROM settlements s
         LEFT JOIN (SELECT settlement_id, count(*) AS n, sum(amount) AS gross, sum(fee) AS fees FROM transactions
                     WHERE ${windowed ? `settlement_id IN (${TOUCHED_SETTLEMENTS} UNION ${recorded('settlement_totals_match', 'uuid')})` : 'settlement_id IS NOT NULL'} GROUP BY settlement_id) c ON c.settlement_id = s.id
        WHERE s.status = 'completed' ${windowed ? `AND s.id IN (${TOUCHED_SETTLEMENTS} UNION ${recorded('settlement_totals_match', 'uuid')})` : ''}
          AND (s.transaction_count <> COALESCE(c.n, 0) OR s.gross <> COALESCE(c.gross, 0) OR s.fees <> COALESCE(c.fees, 0) OR s.net <> s.gross - s.fees)`,
      since,
    ],
    [
      'adjustments_posted',
      `SELECT d.id::text AS k, 'adjustment ' || d.id || ' (' || d.status || '): ' || count(DISTINCT j.id) || ' journal(s)' AS x
         FROM ledger_adjustments d
         LEFT JOIN ledger_journals j ON j.adjustment_id = d.id
         LEFT JOIN ledger_entries e ON e.journal_id = j.id
         LEFT JOIN ledger_accounts a ON a.id = e.account_id
        GROUP BY d.id
       HAVING count(DISTINCT j.id) <> CASE WHEN d.status = 'approved' THEN 1 ELSE 0 END
           OR (d.status = 'approved' AND (
                COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'merchant_available' AND a.merchant_id = d.merchant_id AND a.mode = d.mode), 0) <> d.amount
             OR COALESCE(sum(e.amount) FILTER (WHERE a.kind = d.counterparty AND a.mode = d.mode AND a.network IS NOT DISTINCT FROM d.network), 0) <> -d.amount
             OR count(e.id) <> 2))`,
      [],
    ],
  ];
}
