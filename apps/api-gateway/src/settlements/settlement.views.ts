import { BalancesView, BalanceTransactionView, SettledTransactionView, SettlementView, StatementView } from '@momo/contracts';
import { Balances, BalanceTransaction, CoveredTransaction, SettlementRecord, Statement } from '@momo/data';
import { CURRENCY, Mode } from '@momo/domain';

export function toSettlementView(s: SettlementRecord): SettlementView {
  return {
    id: s.id,
    mode: s.mode,
    status: s.status,
    period_start: s.periodStart?.toISOString() ?? null,
    period_end: s.periodEnd.toISOString(),
    transaction_count: s.transactionCount,
    gross: s.gross,
    fees: s.fees,
    net: s.net,
    currency: CURRENCY,
    created_at: s.createdAt.toISOString(),
    completed_at: s.completedAt?.toISOString() ?? null,
  };
}

export function toSettledTransactionView(t: CoveredTransaction): SettledTransactionView {
  return {
    id: t.id,
    reference: t.reference,
    network: t.network,
    amount: t.amount,
    fee: t.fee,
    net: t.amount - t.fee,
    completed_at: t.completedAt.toISOString(),
    settled_at: t.settledAt.toISOString(),
  };
}

const balancesView = (b: Balances): BalancesView => ({ available: b.available, pending: b.pending, reserved: b.reserved, total: b.total });

export function toBalanceTransactionView(m: BalanceTransaction): BalanceTransactionView {
  return {
    id: m.id,
    type: m.type,
    created_at: m.createdAt.toISOString(),
    transaction_id: m.transactionId,
    settlement_id: m.type === 'settlement' ? m.settlementId : null,
    adjustment_id: m.adjustmentId,
    amount: m.amount,
    fee: m.fee,
    net: m.net,
    change: balancesView(m.change),
    balance_after: balancesView(m.balanceAfter),
    currency: CURRENCY,
  };
}

export function toStatementView(mode: Mode, s: Statement): StatementView {
  const byType: Record<string, { count: number; net: number }> = {};
  for (const m of s.movements) {
    const entry = (byType[m.type] ??= { count: 0, net: 0 });
    entry.count += 1;
    entry.net += m.net;
  }
  return {
    mode,
    currency: CURRENCY,
    from: s.from.toISOString(),
    to: s.to.toISOString(),
    opening_balance: balancesView(s.opening),
    closing_balance: balancesView(s.closing),
    totals: { movements: s.movements.length, net: s.closing.total - s.opening.total, by_type: byType },
    movements: s.movements.map(toBalanceTransactionView),
  };
}
