import { Direction } from './transaction';

/** A fee rule: a percentage in basis points plus a fixed part, bounded below and above. */
export interface FeeRule {
  percentBps: number;
  fixed: number;
  min: number;
  max: number | null;
}

export type FeeSchedule = Record<Direction, FeeRule>;

/**
 * Defaults for a merchant with no negotiated schedule (documented in docs/fees.md):
 * cash in 2.0 %, cash out 1.0 % with a 50 RWF floor. Percentages round up to the next franc,
 * so the platform never under-charges by rounding.
 */
export const DEFAULT_FEE_SCHEDULE: FeeSchedule = {
  collect: { percentBps: 200, fixed: 0, min: 0, max: null },
  payout: { percentBps: 100, fixed: 0, min: 50, max: null },
};

export function computeFee(amount: number, rule: FeeRule): number {
  const percentPart = Math.ceil((amount * rule.percentBps) / 10_000);
  let fee = percentPart + rule.fixed;
  fee = Math.max(fee, rule.min);
  if (rule.max !== null) fee = Math.min(fee, rule.max);
  return fee;
}

/** What is wrong with a fee rule, in words an operator can act on; empty when it is valid. */
export function feeRuleProblems(rule: FeeRule): string[] {
  const problems: string[] = [];
  const wholeNonNegative = (value: number) => Number.isSafeInteger(value) && value >= 0;
  if (!wholeNonNegative(rule.percentBps) || rule.percentBps > 10_000) problems.push('percentBps must be a whole number from 0 to 10000 (100 %)');
  if (!wholeNonNegative(rule.fixed)) problems.push('fixed must be a whole, non-negative number of RWF');
  if (!wholeNonNegative(rule.min)) problems.push('min must be a whole, non-negative number of RWF');
  if (rule.max !== null && (!wholeNonNegative(rule.max) || rule.max < rule.min)) problems.push('max must be a whole number of RWF, at least min (or none)');
  return problems;
}
