import type { Mode } from '@momo/domain';

/** A settlement as GET /v1/settlements lists it (docs/settlement.md). Amounts in minor units. */
export interface SettlementView {
  id: string;
  mode: Mode;
  status: 'running' | 'completed';
  /** The previous settlement's period end (null for the first); informational: a settlement covers every unsettled cash in completed before `period_end`. */
  period_start: string | null;
  period_end: string;
  transaction_count: number;
  /** Sum of the covered cash ins' amounts. */
  gross: number;
  /** Sum of their fees (already deducted when each succeeded). */
  fees: number;
  /** gross - fees: what moved from pending to available. */
  net: number;
  currency: 'RWF';
  created_at: string;
  completed_at: string | null;
}

/** One cash in a settlement covers. */
export interface SettledTransactionView {
  id: string;
  reference: string;
  network: string;
  amount: number;
  fee: number;
  net: number;
  completed_at: string;
  settled_at: string;
}

export interface BalancesView {
  available: number;
  pending: number;
  reserved: number;
  /** available + pending + reserved: everything owed to the merchant in this mode. */
  total: number;
}

/** One ledger movement of the merchant's balances (GET /v1/balance-transactions). */
export interface BalanceTransactionView {
  id: string;
  type: string;
  created_at: string;
  /** The transaction it came from (the cash in, payout or refund); null for an adjustment. */
  transaction_id: string | null;
  /** The settlement it came from (type `settlement`), else null. */
  settlement_id: string | null;
  /** The ledger adjustment it came from (type `adjustment`), else null. */
  adjustment_id: string | null;
  /** The source transaction's amount and fee. */
  amount: number;
  fee: number;
  /** Change of the total balance. */
  net: number;
  /** Change of each balance. */
  change: BalancesView;
  /** Balances right after this movement. */
  balance_after: BalancesView;
  currency: 'RWF';
}

/** GET /v1/statements: opening + the movements' net = closing, for each balance and in total. */
export interface StatementView {
  mode: Mode;
  currency: 'RWF';
  from: string;
  to: string;
  opening_balance: BalancesView;
  closing_balance: BalancesView;
  totals: { movements: number; net: number; by_type: Record<string, { count: number; net: number }> };
  movements: BalanceTransactionView[];
}
