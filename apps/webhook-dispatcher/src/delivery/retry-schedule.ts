/**
 * Delay before attempt `nextAttempt` (2 = first retry): first, 2x first, 4x first... capped.
 * With the defaults: 30 s, 1 min, 2 min, 4 min ... 6 h.
 */
export function retryDelayMs(nextAttempt: number, firstRetryMs: number, maxRetryMs: number): number {
  const exponent = Math.max(0, nextAttempt - 2);
  return Math.min(firstRetryMs * 2 ** exponent, maxRetryMs);
}
