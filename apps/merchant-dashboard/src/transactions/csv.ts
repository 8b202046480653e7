import type { TransactionRowView } from '@momo/contracts';

const COLUMNS: (keyof TransactionRowView)[] = [
  'id', 'created_at', 'completed_at', 'app_name', 'direction', 'status', 'amount', 'fee', 'currency', 'network', 'msisdn',
  'reference', 'description', 'failure_code', 'failure_message', 'provider_ref', 'initiated_by', 'reverses_payment_id', 'settled_at',
];

/** RFC 4180 CSV; a cell that a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function toCsv(rows: TransactionRowView[]): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) lines.push(COLUMNS.map((c) => cell(row[c])).join(','));
  return lines.join('\r\n') + '\r\n';
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
