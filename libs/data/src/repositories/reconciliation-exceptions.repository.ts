import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { exceptionKindOf, FinalStatus, ReconciliationExceptionKind } from '@momo/domain';
import { queryRows } from './hydrate';
import type { Table } from '../ownership';

export interface ExceptionReport {
  transactionId: string;
  recordedStatus: FinalStatus;
  reportedStatus: FinalStatus;
  reportedFailureCode?: string | null;
  reportedProviderRef?: string | null;
  /** What asked the operator: callback, reconcile, initiation, deadline, watch. */
  source: string;
}

/** A mismatch found in an operator's statement report, with what to show a human. */
export interface ReportExceptionReport {
  kind: ReconciliationExceptionKind;
  /** Null for `missing_here` (the report lists a transaction we have no record of). */
  transactionId: string | null;
  network: string;
  mode: string;
  operatorReference: string;
  recordedStatus: FinalStatus | null;
  reportedStatus: FinalStatus | null;
  reportedAmount: number | null;
  reportedProviderRef: string | null;
  reportId: string;
  dossier: Record<string, unknown>;
}

/** An exception as the ops view shows it, with what it concerns (no transaction for `missing_here`). */
export interface ReconciliationExceptionView {
  id: string;
  transactionId: string | null;
  kind: ReconciliationExceptionKind;
  direction: string | null;
  mode: string;
  merchantId: string | null;
  network: string;
  amount: number | null;
  fee: number | null;
  recordedStatus: FinalStatus | null;
  recordedFailureCode: string | null;
  reportedStatus: FinalStatus | null;
  reportedFailureCode: string | null;
  reportedProviderRef: string | null;
  source: string;
  occurrences: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  resolvedAt: Date | null;
  resolution: string | null;
  operatorReference: string | null;
  reportedAmount: number | null;
  reportId: string | null;
  dossier: Record<string, unknown> | null;
}

const VIEW_SELECT = `SELECT x.*, t.direction, COALESCE(t.mode, x.mode) AS mode, t.merchant_id, COALESCE(t.network, x.network) AS network, t.amount, t.fee,
                            t.failure_code AS recorded_failure_code
                       FROM reconciliation_exceptions x LEFT JOIN transactions t ON t.id = x.transaction_id`;

/**
 * reconciliation_exceptions: operator answers that contradict a final status. Raised by
 * payments-core (one row per transaction and kind, however often the operator repeats itself),
 * read and resolved by people through the admin CLI, counted by the reconciler's metrics.
 */
@Injectable()
export class ReconciliationExceptionsRepository {
  static readonly writes: readonly Table[] = ['reconciliation_exceptions'];

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

  /**
   * Records a mismatch from an operator report, or counts it again (one row per transaction and
   * kind, or per operator reference for `missing_here`); returns true the first time.
   */
  async raiseFromReport(r: ReportExceptionReport, em: EntityManager = this.dataSource.manager): Promise<boolean> {
    const conflict = r.kind === 'missing_here' ? `(mode, network, operator_reference) WHERE kind = 'missing_here'` : `(transaction_id, kind)`;
    const [row] = await queryRows(
      em,
      `INSERT INTO reconciliation_exceptions
         (transaction_id, kind, recorded_status, reported_status, reported_provider_ref, source, network, mode, operator_reference, reported_amount, report_id, dossier)
       VALUES ($1, $2, $3, $4, $5, 'operator_report', $6, $7, $8, $9, $10, $11)
       ON CONFLICT ${conflict} DO UPDATE
         SET occurrences = reconciliation_exceptions.occurrences + 1, last_seen_at = now(),
             report_id = EXCLUDED.report_id, dossier = EXCLUDED.dossier, reported_amount = EXCLUDED.reported_amount
       RETURNING (xmax = 0) AS inserted`,
      [r.transactionId, r.kind, r.recordedStatus, r.reportedStatus, r.reportedProviderRef, r.network, r.mode, r.operatorReference, r.reportedAmount, r.reportId, JSON.stringify(r.dossier)],
    );
    return row.inserted as boolean;
  }

  /** Newest first; open ones only unless `all`. */
  async list(options: { all?: boolean; limit: number }): Promise<ReconciliationExceptionView[]> {
    const rows = await queryRows(
      this.dataSource.manager,
      `${VIEW_SELECT}
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
      `${VIEW_SELECT} WHERE x.id = $1`,
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

}

function toView(r: Record<string, unknown>): ReconciliationExceptionView {
  return {
    id: String(r.id),
    transactionId: (r.transaction_id as string | null) ?? null,
    kind: r.kind as ReconciliationExceptionKind,
    direction: (r.direction as string | null) ?? null,
    mode: r.mode as string,
    merchantId: (r.merchant_id as string | null) ?? null,
    network: r.network as string,
    amount: r.amount === null || r.amount === undefined ? null : Number(r.amount),
    fee: r.fee === null || r.fee === undefined ? null : Number(r.fee),
    recordedStatus: (r.recorded_status as FinalStatus | null) ?? null,
    recordedFailureCode: (r.recorded_failure_code as string | null) ?? null,
    reportedStatus: (r.reported_status as FinalStatus | null) ?? null,
    reportedFailureCode: (r.reported_failure_code as string | null) ?? null,
    reportedProviderRef: (r.reported_provider_ref as string | null) ?? null,
    source: r.source as string,
    occurrences: r.occurrences as number,
    firstSeenAt: r.first_seen_at as Date,
    lastSeenAt: r.last_seen_at as Date,
    resolvedAt: (r.resolved_at as Date | null) ?? null,
    resolution: (r.resolution as string | null) ?? null,
    operatorReference: (r.operator_reference as string | null) ?? null,
    reportedAmount: r.reported_amount === null || r.reported_amount === undefined ? null : Number(r.reported_amount),
    reportId: r.report_id === null || r.report_id === undefined ? null : String(r.report_id),
    dossier: (r.dossier as Record<string, unknown> | null) ?? null,
  };
}
