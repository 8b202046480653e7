import { parse } from 'csv-parse/sync';
import { Network } from './network';

/**
 * Operators' statement reports (docs/settlement.md#operator-statement-reconciliation): a CSV per
 * network in the operator's own layout, one line per transaction it handled for us. Our
 * transaction id is the operator reference (MTN X-Reference-Id, Airtel transaction.id), so lines
 * are matched to our transactions by it.
 */
export type ReportStatus = 'succeeded' | 'failed' | 'pending';

export interface ReportLine {
  /** 1-based line in the file (the header is line 1). */
  lineNumber: number;
  operatorTxnId: string;
  /** Our transaction id, as the operator knows it. */
  reference: string;
  at: Date;
  status: ReportStatus;
  amount: number;
  /** The line as the file has it, for the exception's dossier. */
  raw: Record<string, string>;
}

export interface ParsedReport {
  lines: ReportLine[];
  /** Lines that could not be read, in words; a report with any is not imported. */
  problems: string[];
}

interface Layout {
  delimiter: string;
  columns: { id: string; reference: string; date: string; status: string; amount: string };
  statuses: Record<string, ReportStatus>;
  /** Reads the operator's local date format (Africa/Kigali, UTC+2, no daylight saving). */
  date: RegExp;
  dateOrder: 'ymd' | 'dmy';
}

const KIGALI_OFFSET_HOURS = 2;

/** MTN MoMo partner report: comma-separated, Kigali time "YYYY-MM-DD HH:MM:SS". */
const MTN: Layout = {
  delimiter: ',',
  columns: { id: 'Financial Transaction Id', reference: 'Reference Id', date: 'Date', status: 'Status', amount: 'Amount' },
  statuses: { SUCCESSFUL: 'succeeded', FAILED: 'failed', PENDING: 'pending' },
  date: /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/,
  dateOrder: 'ymd',
};

/** Airtel Money partner report: semicolon-separated, status codes TS/TF/TIP, Kigali time "DD/MM/YYYY HH:MM:SS". */
const AIRTEL: Layout = {
  delimiter: ';',
  columns: { id: 'TXN_ID', reference: 'PARTNER_REF', date: 'TXN_DATE', status: 'TXN_STATUS', amount: 'AMOUNT' },
  statuses: { TS: 'succeeded', TF: 'failed', TIP: 'pending' },
  date: /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/,
  dateOrder: 'dmy',
};

export const REPORT_LAYOUTS: Readonly<Record<Network, Layout>> = { mtn: MTN, airtel: AIRTEL };

export function parseOperatorReport(network: Network, text: string): ParsedReport {
  const layout = REPORT_LAYOUTS[network];
  let records: Record<string, string>[];
  try {
    records = parse(text, { delimiter: layout.delimiter, columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (error) {
    return { lines: [], problems: [`not a report in the ${network} layout: ${(error as Error).message}`] };
  }
  const missing = Object.values(layout.columns).filter((c) => records.length > 0 && !(c in records[0]));
  if (missing.length > 0) return { lines: [], problems: [`not a report in the ${network} layout: no column ${missing.join(', ')}`] };
  const lines: ReportLine[] = [];
  const problems: string[] = [];
  records.forEach((raw, i) => {
    const lineNumber = i + 2;
    const status = layout.statuses[raw[layout.columns.status]];
    const amount = Number(raw[layout.columns.amount]);
    const at = readDate(layout, raw[layout.columns.date]);
    const reference = raw[layout.columns.reference];
    if (!status) problems.push(`line ${lineNumber}: unknown status "${raw[layout.columns.status]}"`);
    else if (!Number.isSafeInteger(amount) || amount <= 0) problems.push(`line ${lineNumber}: amount "${raw[layout.columns.amount]}" is not a whole number of RWF`);
    else if (!at) problems.push(`line ${lineNumber}: date "${raw[layout.columns.date]}" is not in the ${network} format`);
    else if (!reference) problems.push(`line ${lineNumber}: no reference`);
    else lines.push({ lineNumber, operatorTxnId: raw[layout.columns.id], reference, at, status, amount, raw });
  });
  return { lines, problems };
}

function readDate(layout: Layout, value: string | undefined): Date | null {
  const m = layout.date.exec(value ?? '');
  if (!m) return null;
  const [year, month, day] = layout.dateOrder === 'ymd' ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const at = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(m[4]) - KIGALI_OFFSET_HOURS, Number(m[5]), Number(m[6])));
  return Number.isNaN(at.getTime()) ? null : at;
}

/** What we recorded, as far as a report comparison needs it. */
export interface OurReportedTransaction {
  id: string;
  status: ReportStatus;
  amount: number;
  createdAt: Date;
}

export type ReportMismatch =
  | { kind: 'missing_here'; line: ReportLine }
  | { kind: 'missing_at_operator'; ours: OurReportedTransaction }
  | { kind: 'amount_differs'; line: ReportLine; ours: OurReportedTransaction }
  | { kind: 'missed_success' | 'phantom_success'; line: ReportLine; ours: OurReportedTransaction };

export interface ReportComparison {
  mismatches: ReportMismatch[];
  matched: number;
  /** Lines or transactions still pending on one side: not a mismatch yet (the reconciler finishes them). */
  inFlight: number;
}

/**
 * Matches report lines to our transactions by reference. `ours` holds every transaction of the
 * network and mode created in the report's period, plus any other a line names. Mismatches:
 * a line we have no transaction for; a succeeded transaction of ours in the period the report
 * does not list (a failed one never moved money, so its absence is expected); an amount that
 * differs; final statuses that contradict (missed or phantom success, as the reconciler names them).
 */
export function compareReport(lines: ReportLine[], ours: OurReportedTransaction[], period: { from: Date; to: Date }): ReportComparison {
  const byId = new Map(ours.map((t) => [t.id, t]));
  const reported = new Set(lines.map((l) => l.reference));
  const mismatches: ReportMismatch[] = [];
  let matched = 0;
  let inFlight = 0;
  for (const line of lines) {
    const mine = byId.get(line.reference);
    if (!mine) {
      mismatches.push({ kind: 'missing_here', line });
      continue;
    }
    matched++;
    if (line.amount !== mine.amount) mismatches.push({ kind: 'amount_differs', line, ours: mine });
    if (line.status === 'pending' || mine.status === 'pending') {
      if (line.status !== mine.status) inFlight++;
    } else if (line.status !== mine.status) {
      mismatches.push({ kind: mine.status === 'failed' ? 'missed_success' : 'phantom_success', line, ours: mine });
    }
  }
  for (const mine of ours) {
    const inPeriod = mine.createdAt >= period.from && mine.createdAt < period.to;
    if (inPeriod && !reported.has(mine.id) && mine.status === 'succeeded') mismatches.push({ kind: 'missing_at_operator', ours: mine });
  }
  return { mismatches, matched, inFlight };
}
