/** The only currency the service moves. Amounts are integers in minor units (RWF has none in practice). */
export const CURRENCY = 'RWF' as const;
export type Currency = typeof CURRENCY;

/** Smallest amount accepted on cash in and cash out (spec: Limits). */
export const MIN_AMOUNT = 100;

/** Largest amount we will even consider; operators apply their own, lower limits. */
export const MAX_AMOUNT = 100_000_000_000;

export function isValidAmount(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= MIN_AMOUNT && amount <= MAX_AMOUNT;
}
