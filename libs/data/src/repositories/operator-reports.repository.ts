import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { compareReport, Mode, Network, OurReportedTransaction, parseOperatorReport, ReportMismatch, ReportStatus } from '@momo/domain';
import { queryRows } from './hydrate';
import { ReconciliationExceptionsRepository } from './reconciliation-exceptions.repository';
import type { Table } from '../ownership';

export interface ReportImport {
  network: Network;
  mode: Mode;
  from: Date;
  to: Date;
  fileName: string;
  text: string;
  importedBy: string;
}

export interface ReportImportSummary {
  reportId: string;
  /** The same file was imported before: nothing was done again. */
  duplicate: boolean;
  lines: number;
  matched: number;
  inFlight: number;
  mismatches: Record<string, number>;
  /** Exceptions opened by this import (a mismatch already open is counted again, not reopened). */
  newExceptions: number;
}

/** The report could not be read; nothing was imported. */
export class ReportRejectedError extends Error {
  constructor(readonly problems: string[]) {
    super(`the report was not imported: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`);
    this.name = 'ReportRejectedError';
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Operator statement reconciliation (docs/settlement.md): an operator's report is parsed in its
 * layout, matched line by line to our transactions by reference, and every mismatch becomes a
 * reconciliation exception with its dossier (the line, our record), in one Postgres transaction
 * with the import's record. Importing the same file again changes nothing.
 */
@Injectable()
export class OperatorReportsRepository {
  static readonly writes: readonly Table[] = ['operator_reports', 'reconciliation_exceptions'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async import(input: ReportImport): Promise<ReportImportSummary> {
    const sha256 = createHash('sha256').update(input.text).digest('hex');
    const [seen] = await queryRows(this.dataSource.manager, `SELECT id, summary FROM operator_reports WHERE network = $1 AND mode = $2 AND file_sha256 = $3`, [input.network, input.mode, sha256]);
    if (seen) return { ...(seen.summary as ReportImportSummary), reportId: String(seen.id), duplicate: true };

    const parsed = parseOperatorReport(input.network, input.text);
    if (parsed.problems.length > 0) throw new ReportRejectedError(parsed.problems);
    const references = parsed.lines.map((l) => l.reference).filter((r) => UUID.test(r));
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT id, status, amount, fee, direction, merchant_id, provider_ref, reverses_payment_id, failure_code, created_at, completed_at FROM transactions
        WHERE network = $1 AND mode = $2 AND ((created_at >= $3 AND created_at < $4) OR id = ANY($5::uuid[]))`,
      [input.network, input.mode, input.from, input.to, references],
    );
    const ours: (OurReportedTransaction & { row: Record<string, unknown> })[] = rows.map((r) => ({
      id: r.id as string,
      status: r.status as ReportStatus,
      amount: Number(r.amount),
      createdAt: r.created_at as Date,
      row: r,
    }));
    const comparison = compareReport(parsed.lines, ours, { from: input.from, to: input.to });
    const mismatches: Record<string, number> = {};
    for (const m of comparison.mismatches) mismatches[m.kind] = (mismatches[m.kind] ?? 0) + 1;
    const summary = { lines: parsed.lines.length, matched: comparison.matched, inFlight: comparison.inFlight, mismatches };

    return this.dataSource.transaction(async (em) => {
      const [report] = await queryRows(
        em,
        `INSERT INTO operator_reports (network, mode, period_from, period_to, file_name, file_sha256, line_count, summary, imported_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [input.network, input.mode, input.from, input.to, input.fileName, sha256, parsed.lines.length, JSON.stringify(summary), input.importedBy],
      );
      const reportId = String(report.id);
      const exceptions = new ReconciliationExceptionsRepository(this.dataSource);
      let newExceptions = 0;
      for (const m of comparison.mismatches) {
        const raised = await exceptions.raiseFromReport(toException(m, reportId, input), em);
        if (raised) newExceptions++;
      }
      const result: ReportImportSummary = { reportId, duplicate: false, ...summary, newExceptions };
      await em.query(`UPDATE operator_reports SET summary = $2 WHERE id = $1`, [reportId, JSON.stringify(result)]);
      return result;
    });
  }
}

const finalOrNull = (status: ReportStatus | undefined) => (status === 'succeeded' || status === 'failed' ? status : null);

function toException(m: ReportMismatch, reportId: string, input: ReportImport) {
  const line = 'line' in m ? m.line : undefined;
  const ours = 'ours' in m ? (m.ours as OurReportedTransaction & { row?: Record<string, unknown> }) : undefined;
  const dossier = {
    found_by: `${input.network} ${input.mode} report ${reportId} (${input.fileName}, ${input.from.toISOString()} to ${input.to.toISOString()}), imported by ${input.importedBy}`,
    report_line: line ? { line: line.lineNumber, operator_txn_id: line.operatorTxnId, reference: line.reference, at: line.at.toISOString(), status: line.status, amount: line.amount, fields: line.raw } : null,
    ours: ours?.row ?? null,
  };
  return {
    kind: m.kind,
    transactionId: ours?.id ?? null,
    network: input.network,
    mode: input.mode,
    operatorReference: line?.reference ?? ours!.id,
    recordedStatus: finalOrNull(ours?.status),
    reportedStatus: finalOrNull(line?.status),
    reportedAmount: line?.amount ?? null,
    reportedProviderRef: line?.operatorTxnId ?? null,
    reportId,
    dossier,
  };
}
