import type { AttemptVerdict } from '@momo/data';

/**
 * Delay before attempt `nextAttempt` of a round (2 = first retry): first, 2x first, 4x first...
 * capped. With the defaults: 30 s, 1 min, 2 min, 4 min ... 6 h.
 */
export function retryDelayMs(nextAttempt: number, firstRetryMs: number, maxRetryMs: number): number {
  const exponent = Math.max(0, nextAttempt - 2);
  return Math.min(firstRetryMs * 2 ** exponent, maxRetryMs);
}

export interface RetryRules {
  maxAttempts: number;
  firstRetryMs: number;
  maxRetryMs: number;
}

/** Any 2xx is delivered; anything else (3xx, 4xx, 5xx, no answer) is a failure to retry. */
export function isDelivered(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}

/** What happens after attempt `attemptInRound` of a round, made at `now`. */
export function verdictAfter(statusCode: number | null, attemptInRound: number, rules: RetryRules, now: Date): AttemptVerdict {
  if (isDelivered(statusCode)) return { status: 'delivered' };
  if (attemptInRound >= rules.maxAttempts) return { status: 'abandoned' };
  const delay = retryDelayMs(attemptInRound + 1, rules.firstRetryMs, rules.maxRetryMs);
  return { status: 'pending', nextAttemptAt: new Date(now.getTime() + delay) };
}
