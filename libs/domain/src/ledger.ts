import { Network } from './network';
import { Mode } from './transaction';

/**
 * Double-entry ledger rules. Every money movement is a journal whose legs sum to zero.
 *
 * Sign convention: what the platform owes (merchant balances) and what it earns (fees) are
 * positive; the operator float accounts are their counterpart and go negative as customers' money
 * arrives at the operator, positive as payouts leave it. Only merchant accounts must never go
 * negative.
 */
export const ACCOUNT_KINDS = ['merchant_pending', 'merchant_available', 'merchant_reserved', 'operator_float', 'fee_revenue'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The merchant's own accounts: collected but not yet settled, spendable, held for cash outs in flight. */
export const MERCHANT_ACCOUNT_KINDS = ['merchant_pending', 'merchant_available', 'merchant_reserved'] as const;
export type MerchantAccountKind = (typeof MERCHANT_ACCOUNT_KINDS)[number];

export type AccountRef =
  | { kind: MerchantAccountKind; mode: Mode; merchantId: string }
  | { kind: 'operator_float'; mode: Mode; network: Network }
  | { kind: 'fee_revenue'; mode: Mode };

export interface JournalLeg {
  account: AccountRef;
  amount: number;
}

/**
 * Why a journal exists; unique per transaction, so a replayed posting is a no-op (and a cash in
 * can be released to available at most once: docs/settlement.md).
 * `collect_settled` is the legacy cash-in posting from before settlement existed (straight to
 * available); new cash ins post `collect_pending`, then `collect_released` when settled.
 */
export const JOURNAL_KINDS = ['collect_settled', 'collect_pending', 'collect_released', 'payout_reserved', 'payout_settled', 'payout_released', 'adjustment'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

export interface JournalDraft {
  kind: JournalKind;
  legs: JournalLeg[];
}

export interface MoneyMovement {
  merchantId: string;
  mode: Mode;
  network: Network;
  amount: number;
  fee: number;
}

const pending = (m: MoneyMovement): AccountRef => ({ kind: 'merchant_pending', mode: m.mode, merchantId: m.merchantId });
const available = (m: MoneyMovement): AccountRef => ({ kind: 'merchant_available', mode: m.mode, merchantId: m.merchantId });
const reserved = (m: MoneyMovement): AccountRef => ({ kind: 'merchant_reserved', mode: m.mode, merchantId: m.merchantId });
const float = (m: MoneyMovement): AccountRef => ({ kind: 'operator_float', mode: m.mode, network: m.network });
const revenue = (m: MoneyMovement): AccountRef => ({ kind: 'fee_revenue', mode: m.mode });

/**
 * A customer's payment arrived: the merchant is owed the amount less our fee, as pending
 * (unsettled) balance until a settlement run releases it.
 */
export function collectPending(m: MoneyMovement): JournalDraft {
  return balanced('collect_pending', [
    { account: float(m), amount: -m.amount },
    { account: pending(m), amount: m.amount - m.fee },
    { account: revenue(m), amount: m.fee },
  ]);
}

/** Settlement (or a refund of the payment before it): its net moves from pending to available. */
export function collectReleased(m: MoneyMovement): JournalDraft {
  return balanced('collect_released', [
    { account: pending(m), amount: -(m.amount - m.fee) },
    { account: available(m), amount: m.amount - m.fee },
  ]);
}

/** A payout was accepted: hold amount + fee so concurrent payouts cannot spend it again. */
export function payoutReserved(m: MoneyMovement): JournalDraft {
  return balanced('payout_reserved', [
    { account: available(m), amount: -(m.amount + m.fee) },
    { account: reserved(m), amount: m.amount + m.fee },
  ]);
}

/** The payout reached the wallet: the held money leaves through the operator, we keep the fee. */
export function payoutSettled(m: MoneyMovement): JournalDraft {
  return balanced('payout_settled', [
    { account: reserved(m), amount: -(m.amount + m.fee) },
    { account: float(m), amount: m.amount },
    { account: revenue(m), amount: m.fee },
  ]);
}

/** The payout failed: the hold goes back to the merchant, untouched. */
export function payoutReleased(m: MoneyMovement): JournalDraft {
  return balanced('payout_released', [
    { account: reserved(m), amount: -(m.amount + m.fee) },
    { account: available(m), amount: m.amount + m.fee },
  ]);
}

/** Where an adjustment's other leg goes: the platform's revenue, or an operator float account. */
export type AdjustmentCounterparty = { kind: 'fee_revenue' } | { kind: 'operator_float'; network: Network };

/**
 * A two-person-approved correction (docs/settlement.md#ledger-adjustments): `amount` > 0 credits
 * the merchant's available balance, < 0 debits it, the counterparty takes the other side.
 */
export function ledgerAdjustment(merchantId: string, mode: Mode, amount: number, counterparty: AdjustmentCounterparty): JournalDraft {
  const other: AccountRef = counterparty.kind === 'fee_revenue' ? { kind: 'fee_revenue', mode } : { kind: 'operator_float', mode, network: counterparty.network };
  return balanced('adjustment', [
    { account: { kind: 'merchant_available', mode, merchantId }, amount },
    { account: other, amount: -amount },
  ]);
}

function balanced(kind: JournalKind, legs: JournalLeg[]): JournalDraft {
  const sum = legs.reduce((total, leg) => total + leg.amount, 0);
  if (sum !== 0) throw new Error(`journal ${kind} does not balance (${sum})`);
  return { kind, legs: legs.filter((leg) => leg.amount !== 0) };
}

/** Merchant-owned accounts must never be negative; platform accounts may. */
export function mustStayNonNegative(account: AccountRef): boolean {
  return isMerchantAccount(account.kind);
}

export function isMerchantAccount(kind: AccountKind): kind is MerchantAccountKind {
  return (MERCHANT_ACCOUNT_KINDS as readonly string[]).includes(kind);
}

/** Stable text key of an account, unique per ledger account row. */
export function accountKey(account: AccountRef): string {
  switch (account.kind) {
    case 'merchant_pending':
    case 'merchant_available':
    case 'merchant_reserved':
      return `${account.mode}:${account.kind}:${account.merchantId}`;
    case 'operator_float':
      return `${account.mode}:${account.kind}:${account.network}`;
    case 'fee_revenue':
      return `${account.mode}:${account.kind}`;
  }
}
