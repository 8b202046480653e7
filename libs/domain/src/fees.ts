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
