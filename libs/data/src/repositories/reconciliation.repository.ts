import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Deadlines, WATCHED_FAILURE_CODES } from '@momo/domain';
import { TraceCarrier } from '@momo/platform';
import { queryRows } from './hydrate';
import { traceOf } from './transactions.repository';
import type { Table } from '../ownership';

/**
 * The watched codes as SQL literals (constants, not input): written out, the condition matches the
 * partial index transactions_watched_failures_idx, which a bound parameter would not in a generic
 * plan. The index lists the same codes; a change to the list needs a migration for it.
 */
const WATCHED_CODES_SQL = WATCHED_FAILURE_CODES.map((code) => `'${code}'`).join(', ');

export interface DueCheck {
  transactionId: string;
  checksMade: number;
}

export interface DuePendingCheck extends DueCheck {
  /** When the transaction's deadline falls (created_at + its direction's deadline). */
  deadlineAt: Date;
  /** The request id and trace the transaction was created under: its checks continue them. */
  trace?: TraceCarrier;
}

/**
 * reconciliation_checks: owned by the reconciler; one row per transaction it watches, pending or
 * (for failures of our own deciding) watched after its failure.
 */
@Injectable()
export class ReconciliationRepository {
  static readonly writes: readonly Table[] = ['reconciliation_checks'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Pending transactions older than `minAgeSeconds` whose next check is due, oldest first. */
  async duePending(minAgeSeconds: number, deadlines: Deadlines, limit: number): Promise<DuePendingCheck[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT t.id, c.checks_made, t.request_id, t.traceparent,
              t.created_at + make_interval(secs => CASE t.direction WHEN 'collect' THEN $2::int ELSE $3::int END) AS deadline_at
         FROM transactions t
         LEFT JOIN reconciliation_checks c ON c.transaction_id = t.id
        WHERE t.status = 'pending'
          AND t.created_at < now() - make_interval(secs => $1)
          AND (c.next_check_at IS NULL OR c.next_check_at <= now())
        ORDER BY t.created_at
        LIMIT $4`,
      [minAgeSeconds, deadlines.collect, deadlines.payout, limit],
    );
    return rows.map((r) => ({
      transactionId: r.id as string,
      checksMade: (r.checks_made as number | null) ?? 0,
      deadlineAt: r.deadline_at as Date,
      trace: traceOf({ requestId: r.request_id as string | null, traceparent: r.traceparent as string | null }),
    }));
  }

  /**
   * Failures of our own deciding (deadline, never received), within `watchSeconds` of failing,
   * whose next check is due: the operator may still complete one.
   */
  async dueWatches(watchSeconds: number, limit: number): Promise<DueCheck[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT t.id, c.checks_made
         FROM transactions t
         LEFT JOIN reconciliation_checks c ON c.transaction_id = t.id
        WHERE t.status = 'failed' AND t.failure_code IN (${WATCHED_CODES_SQL})
          AND t.completed_at > now() - make_interval(secs => $1)
          AND (c.next_check_at IS NULL OR c.next_check_at <= now())
        ORDER BY t.completed_at
        LIMIT $2`,
      [watchSeconds, limit],
    );
    return rows.map((r) => ({ transactionId: r.id as string, checksMade: (r.checks_made as number | null) ?? 0 }));
  }

  async recordChecks(checks: { transactionId: string; nextCheckAt: Date }[]): Promise<void> {
    if (checks.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO reconciliation_checks (transaction_id, checks_made, next_check_at, last_checked_at)
       SELECT id, 1, next_at, now() FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, next_at)
       ON CONFLICT (transaction_id) DO UPDATE
         SET checks_made = reconciliation_checks.checks_made + 1,
             next_check_at = EXCLUDED.next_check_at, last_checked_at = now()`,
      [checks.map((c) => c.transactionId), checks.map((c) => c.nextCheckAt.toISOString())],
    );
  }
}
