import { OperatorId, SimTransaction } from '../store/simulator-store';

/**
 * The simulated operators' statement reports, in each one's own layout (what a partner downloads
 * from the operator's portal): MTN comma-separated with SUCCESSFUL/FAILED/PENDING and Kigali time
 * "YYYY-MM-DD HH:MM:SS"; Airtel semicolon-separated with TS/TF/TIP and Kigali time
 * "DD/MM/YYYY HH:MM:SS", phone numbers without the country code.
 */
export function statementReport(operator: OperatorId, transactions: SimTransaction[]): string {
  return operator === 'mtn' ? mtnReport(transactions) : airtelReport(transactions);
}

const MTN_TYPES = { collection: 'DEBIT', transfer: 'TRANSFER', refund: 'REFUND' } as const;
const AIRTEL_TYPES = { collection: 'COLLECTION', transfer: 'DISBURSEMENT', refund: 'REFUND' } as const;
const AIRTEL_STATUSES = { SUCCESSFUL: 'TS', FAILED: 'TF', PENDING: 'TIP' } as const;

function mtnReport(transactions: SimTransaction[]): string {
  const rows = [['Financial Transaction Id', 'Reference Id', 'External Transaction Id', 'Date', 'Type', 'Status', 'Amount', 'Currency', 'Account Holder']];
  for (const t of transactions) {
    rows.push([t.operatorTxnId, t.reference, t.externalId ?? '', kigali(t.createdAt, 'ymd'), MTN_TYPES[t.kind], t.status, String(t.amount), t.currency, t.msisdn]);
  }
  return rows.map((r) => r.join(',')).join('\n') + '\n';
}

function airtelReport(transactions: SimTransaction[]): string {
  const rows = [['TXN_ID', 'PARTNER_REF', 'TXN_DATE', 'TXN_TYPE', 'TXN_STATUS', 'AMOUNT', 'CURRENCY', 'MSISDN']];
  for (const t of transactions) {
    rows.push([t.operatorTxnId, t.reference, kigali(t.createdAt, 'dmy'), AIRTEL_TYPES[t.kind], AIRTEL_STATUSES[t.status], String(t.amount), t.currency, t.msisdn.replace(/^250/, '')]);
  }
  return rows.map((r) => r.join(';')).join('\n') + '\n';
}

/** Africa/Kigali wall-clock time (UTC+2, no daylight saving). */
function kigali(at: Date, order: 'ymd' | 'dmy'): string {
  const local = new Date(at.getTime() + 2 * 3_600_000).toISOString();
  const [date, time] = [local.slice(0, 10), local.slice(11, 19)];
  const [y, m, d] = date.split('-');
  return order === 'ymd' ? `${date} ${time}` : `${d}/${m}/${y} ${time}`;
}
