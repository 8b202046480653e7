import { BalancesView, StatementView } from '@momo/contracts';

const COLUMNS = [
  'created_at', 'type', 'id', 'transaction_id', 'settlement_id', 'adjustment_id', 'amount', 'fee', 'net',
  'available_change', 'pending_change', 'reserved_change',
  'available_after', 'pending_after', 'reserved_after', 'total_after',
] as const;

/**
 * The statement as CSV (RFC 4180, CRLF): an `opening_balance` row, one row per movement oldest
 * first, a `closing_balance` row. The `*_after` columns of the first and last rows are the opening
 * and closing balances, so opening total_after + the sum of `net` = closing total_after in any
 * spreadsheet. Every value is an id, a timestamp, a type name or a whole number: nothing to quote.
 */
export function statementCsv(s: StatementView): string {
  const balanceRow = (type: string, at: string, b: BalancesView) =>
    [at, type, '', '', '', '', '', '', '', '', '', '', b.available, b.pending, b.reserved, b.total];
  const rows: (string | number)[][] = [
    [...COLUMNS],
    balanceRow('opening_balance', s.from, s.opening_balance),
    ...s.movements.map((m) => [
      m.created_at, m.type, m.id, m.transaction_id ?? '', m.settlement_id ?? '', m.adjustment_id ?? '', m.amount, m.fee, m.net,
      m.change.available, m.change.pending, m.change.reserved,
      m.balance_after.available, m.balance_after.pending, m.balance_after.reserved, m.balance_after.total,
    ]),
    balanceRow('closing_balance', s.to, s.closing_balance),
  ];
  return rows.map((row) => row.join(',')).join('\r\n') + '\r\n';
}
