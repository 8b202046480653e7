import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { exceptionKindOf, FinalStatus, ReconciliationExceptionKind } from '@momo/domain';
import { queryRows } from './hydrate';

export interface ExceptionReport {
  transactionId: string;
  recordedStatus: FinalStatus;
  reportedStatus: FinalStatus;
  reportedFailureCode?: string | null;
  reportedProviderRef?: string | null;
  /** What asked the operator: callback, reconcile, initiation, deadline, watch. */
  source: string;
}

/** An exception as the ops view shows it, with what it concerns. */
export interface ReconciliationExceptionView {
  id: string;
  transactionId: string;
  kind: ReconciliationExceptionKind;
  direction: string;
  mode: string;
  merchantId: string;
  network: string;
  amount: number;
  fee: number;
  recordedStatus: FinalStatus;
  recordedFailureCode: string | null;
  reportedStatus: FinalStatus;
  reportedFailureCode: string | null;
  reportedProviderRef: string | null;
  source: string;
  occurrences: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  resolvedAt: Date | null;
  resolution: string | null;
}

/**
 * reconciliation_exceptions: operator answers that contradict a final status. Raised by
 * payments-core (one row per transaction and kind, however often the operator repeats itself),
 * read and resolved by people through the admin CLI, counted by the reconciler's metrics.
 */
@Injectable()
export class ReconciliationExceptionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records the contradiction; returns true the first time it is seen for this transaction and kind. */
  async raise(report: ExceptionReport): Promise<boolean> {
    const [row] = await queryRows(
      this.dataSource.manager,
      `INSERT INTO reconciliation_exceptions
         (transaction_id, kind, recorded_status, reported_status, reported_failure_code, reported_provider_ref, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (transaction_id, kind) DO UPDATE
         SET occurrences = reconciliation_exceptions.occurrences + 1, last_seen_at = now(),
             reported_failure_code = COALESCE(EXCLUDED.reported_failure_code, reconciliation_exceptions.reported_failure_code),
             reported_provider_ref = COALESCE(EXCLUDED.reported_provider_ref, reconciliation_exceptions.reported_provider_ref)
       RETURNING (xmax = 0) AS inserted`,
      [
        report.transactionId,
        exceptionKindOf(report.recordedStatus),
        report.recordedStatus,
        report.reportedStatus,
        report.reportedFailureCode || null,
        report.reportedProviderRef || null,
        report.source,
      ],
    );
    return row.inserted as boolean;
  }

  /** Newest first; open ones only unless `all`. */
  async list(options: { all?: boolean; limit: number }): Promise<ReconciliationExceptionView[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT x.*, t.direction, t.mode, t.merchant_id, t.network, t.amount, t.fee, t.failure_code AS recorded_failure_code
         FROM reconciliation_exceptions x JOIN transactions t ON t.id = x.transaction_id
        WHERE $1::boolean OR x.resolved_at IS NULL
        ORDER BY x.first_seen_at DESC, x.id DESC
        LIMIT $2`,
      [options.all ?? false, options.limit],
    );
    return rows.map(toView);
  }

  async find(id: string): Promise<ReconciliationExceptionView | null> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT x.*, t.direction, t.mode, t.merchant_id, t.network, t.amount, t.fee, t.failure_code AS recorded_failure_code
         FROM reconciliation_exceptions x JOIN transactions t ON t.id = x.transaction_id WHERE x.id = $1`,
      [id],
    );
    return rows.length ? toView(rows[0]) : null;
  }

  /** Closes an open exception with a note of what was done; false if it was not open. */
  async resolve(id: string, resolution: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource.manager,
      `UPDATE reconciliation_exceptions SET resolved_at = now(), resolution = $2 WHERE id = $1 AND resolved_at IS NULL RETURNING id`,
      [id, resolution],
    );
    return rows.length === 1;
  }

  /** Open exceptions per kind (every kind present, zero or not). */
  async openCounts(): Promise<Record<ReconciliationExceptionKind, number>> {
    const rows: { kind: ReconciliationExceptionKind; n: number }[] = await this.dataSource.manager.query(
      `SELECT kind, count(*)::int AS n FROM reconciliation_exceptions WHERE resolved_at IS NULL GROUP BY kind`,
    );
    const counts: Record<ReconciliationExceptionKind, number> = { missed_success: 0, phantom_success: 0 };
    for (const row of rows) counts[row.kind] = row.n;
    return counts;
  }
}

function toView(r: Record<string, unknown>): ReconciliationExceptionView {
  return {
    id: String(r.id),
    transactionId: r.transaction_id as string,
    kind: r.kind as ReconciliationExceptionKind,
    direction: r.direction as string,
    mode: r.mode as string,
    merchantId: r.merchant_id as string,
    network: r.network as string,
    amount: Number(r.amount),
    fee: Number(r.fee),
    recordedStatus: r.recorded_status as FinalStatus,
    recordedFailureCode: (r.recorded_failure_code as string | null) ?? null,
    reportedStatus: r.reported_status as FinalStatus,
    reportedFailureCode: (r.reported_failure_code as string | null) ?? null,
    reportedProviderRef: (r.reported_provider_ref as string | null) ?? null,
    source: r.source as string,
    occurrences: r.occurrences as number,
    firstSeenAt: r.first_seen_at as Date,
    lastSeenAt: r.last_seen_at as Date,
    resolvedAt: (r.resolved_at as Date | null) ?? null,
    resolution: (r.resolution as string | null) ?? null,
  };
}
