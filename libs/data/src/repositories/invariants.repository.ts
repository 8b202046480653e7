import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Deadlines } from '@momo/domain';

/** What the money invariants are checked against (docs/durability.md). */
export interface InvariantBounds {
  deadlines: Deadlines;
  /** Time the reconciler has after a deadline to finish a transaction before it counts as late. */
  deadlineGraceSeconds: number;
  /** Longest an outbox event may wait to be published, and then to be taken by the dispatcher. */
  outboxBoundSeconds: number;
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
  no_negative_merchant_balance: 'no merchant available or reserved balance is below zero',
  postings_match_status: 'each transaction has exactly the journals its direction and status call for (one settlement per succeeded transaction)',
  posting_amounts_match: "each journal moves exactly the transaction's amount and fee",
  final_transactions_announced: 'each final transaction has exactly one outbox event, of its final type; pending ones none',
  no_pending_past_deadline: 'no transaction is still pending past its deadline (plus grace)',
  outbox_published_in_time: 'no outbox event waits to be published longer than the bound',
  outbox_taken_in_time: 'no published event waits longer than the bound for the dispatcher to take it',
} as const;
export type InvariantName = keyof typeof INVARIANTS;

/**
 * The money invariants as SQL, all read in one snapshot. Each query scans what it checks, so on a
 * large ledger run them at a modest interval (the reconciler's metric) or from the admin CLI.
 */
@Injectable()
export class InvariantsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async check(bounds: InvariantBounds): Promise<InvariantResult[]> {
    const samples = bounds.samples ?? 10;
    return this.dataSource.transaction('REPEATABLE READ', async (em) => {
      await em.query('SET TRANSACTION READ ONLY');
      const results: InvariantResult[] = [];
      for (const [name, sql, params] of queries(bounds)) {
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

type Query = [InvariantName, string, unknown[]];

const MERCHANT_SUMS = `SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id`;

function queries(b: InvariantBounds): Query[] {
  return [
    [
      'journals_balance',
      `SELECT 'journal ' || j.id || ' of ' || j.transaction_id || ' sums to ' || COALESCE(sum(e.amount), 0) AS x
         FROM ledger_journals j LEFT JOIN ledger_entries e ON e.journal_id = j.id
        GROUP BY j.id HAVING count(e.id) = 0 OR sum(e.amount) <> 0`,
      [],
    ],
    [
      'cached_balances_match_entries',
      `SELECT a.account_key || ': cached ' || a.balance || ', entries ' || COALESCE(s.total, 0) AS x
         FROM ledger_accounts a LEFT JOIN (${MERCHANT_SUMS}) s ON s.account_id = a.id
        WHERE a.balance IS NOT NULL AND a.balance <> COALESCE(s.total, 0)`,
      [],
    ],
    [
      'no_negative_merchant_balance',
      `SELECT a.account_key || ': ' || LEAST(a.balance, COALESCE(s.total, 0)) AS x
         FROM ledger_accounts a LEFT JOIN (${MERCHANT_SUMS}) s ON s.account_id = a.id
        WHERE a.kind IN ('merchant_available', 'merchant_reserved') AND (a.balance < 0 OR COALESCE(s.total, 0) < 0)`,
      [],
    ],
    [
      'postings_match_status',
      `SELECT k.id || ' (' || k.direction || ' ' || k.status || ': ' || COALESCE(NULLIF(array_to_string(k.got, ', '), ''), 'no journals') || ')' AS x
         FROM (SELECT t.id, t.direction, t.status,
                      COALESCE(array_agg(j.kind ORDER BY j.kind) FILTER (WHERE j.kind IS NOT NULL), '{}') AS got
                 FROM transactions t LEFT JOIN ledger_journals j ON j.transaction_id = t.id
                GROUP BY t.id) k
        WHERE k.got <> CASE
                WHEN k.direction = 'collect' AND k.status = 'succeeded' THEN ARRAY['collect_settled']
                WHEN k.direction = 'collect' THEN '{}'::text[]
                WHEN k.status = 'pending' THEN ARRAY['payout_reserved']
                WHEN k.status = 'succeeded' THEN ARRAY['payout_reserved', 'payout_settled']
                ELSE ARRAY['payout_released', 'payout_reserved'] END`,
      [],
    ],
    [
      'posting_amounts_match',
      `SELECT 'journal ' || p.id || ' (' || p.kind || ') of ' || p.transaction_id AS x
         FROM (SELECT j.id, j.kind, j.transaction_id, t.amount, t.fee,
                      COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'operator_float'), 0) AS flt,
                      COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'fee_revenue'), 0) AS rev,
                      COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'merchant_available'), 0) AS avail,
                      COALESCE(sum(e.amount) FILTER (WHERE a.kind = 'merchant_reserved'), 0) AS res
                 FROM ledger_journals j JOIN transactions t ON t.id = j.transaction_id
                 LEFT JOIN ledger_entries e ON e.journal_id = j.id LEFT JOIN ledger_accounts a ON a.id = e.account_id
                GROUP BY j.id, t.amount, t.fee) p
        WHERE NOT CASE p.kind
                WHEN 'collect_settled' THEN p.flt = -p.amount AND p.rev = p.fee AND p.avail = p.amount - p.fee AND p.res = 0
                WHEN 'payout_reserved' THEN p.flt = 0 AND p.rev = 0 AND p.avail = -(p.amount + p.fee) AND p.res = p.amount + p.fee
                WHEN 'payout_settled' THEN p.flt = p.amount AND p.rev = p.fee AND p.avail = 0 AND p.res = -(p.amount + p.fee)
                WHEN 'payout_released' THEN p.flt = 0 AND p.rev = 0 AND p.avail = p.amount + p.fee AND p.res = -(p.amount + p.fee)
                ELSE false END`,
      [],
    ],
    [
      'final_transactions_announced',
      `SELECT t.id || ' (' || t.status || ', ' || count(e.id) || ' events)' AS x
         FROM transactions t LEFT JOIN outbox_events e ON e.transaction_id = t.id
        GROUP BY t.id
       HAVING count(e.id) <> CASE WHEN t.status = 'pending' THEN 0 ELSE 1 END
           OR bool_or(e.event_type <> CASE WHEN t.direction = 'collect' THEN 'payment.' ELSE 'payout.' END || t.status)`,
      [],
    ],
    [
      'no_pending_past_deadline',
      `SELECT id || ' (' || direction || ', created ' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ')' AS x
         FROM transactions
        WHERE status = 'pending'
          AND created_at < now() - make_interval(secs => CASE direction WHEN 'collect' THEN $1::int ELSE $2::int END + $3::int)`,
      [b.deadlines.collect, b.deadlines.payout, b.deadlineGraceSeconds],
    ],
    [
      'outbox_published_in_time',
      `SELECT 'event ' || id || ' (' || event_type || ' of ' || transaction_id || ')' AS x
         FROM outbox_events WHERE published_at IS NULL AND created_at < now() - make_interval(secs => $1::int)`,
      [b.outboxBoundSeconds],
    ],
    [
      'outbox_taken_in_time',
      `SELECT 'event ' || e.id || ' (' || e.event_type || ' of ' || e.transaction_id || ')' AS x
         FROM outbox_events e JOIN app_webhook_settings s ON s.app_id = e.app_id AND s.mode = e.payload->>'mode'
        WHERE e.published_at IS NOT NULL AND e.consumed_at IS NULL
          AND e.published_at < now() - make_interval(secs => $1::int)
          AND s.url IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.app_id = e.app_id)`,
      [b.outboxBoundSeconds],
    ],
  ];
}
