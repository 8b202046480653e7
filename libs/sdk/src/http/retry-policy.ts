/**
 * The specification's client retry rules, in one place:
 * - back off exponentially: 1, 2, 4 seconds (the base is configurable);
 * - 429 and 503: wait what `Retry-After` says (at least the backoff);
 * - 502 and timeouts: retry money operations only with the same Idempotency-Key (the SDK makes
 *   one per operation and reuses it on every attempt);
 * - never retry 400, 401, 403, 404, 409 (or any other answer).
 * One refinement: 409 `IDEMPOTENCY_KEY_IN_USE` answered to a *retry* means our own earlier attempt
 * is still running on the server; waiting its `Retry-After` and asking again returns that
 * attempt's answer, so it is retried like a 503.
 */
export type RetrySafety = 'idempotent' | 'unsafe';

export interface AttemptResult {
  /** The HTTP status, or undefined when no answer came back. */
  status?: number;
  code?: string;
  retryAfterSeconds?: number;
  timedOut?: boolean;
}

export const RETRYABLE_STATUSES = [429, 502, 503, 504] as const;

/** Whether to try again after this result; `attempt` counts from 1. */
export function shouldRetry(result: AttemptResult, safety: RetrySafety, attempt: number, maxRetries: number): boolean {
  if (attempt > maxRetries) return false;
  if (result.status === undefined) return safety === 'idempotent';
  // A 429 from our own limiter leaves no trace; safe for everything.
  if (result.status === 429) return true;
  if (safety === 'unsafe') return false;
  if (result.status === 409) return result.code === 'IDEMPOTENCY_KEY_IN_USE' && attempt > 1;
  return (RETRYABLE_STATUSES as readonly number[]).includes(result.status);
}

/** Milliseconds to wait before retry number `attempt` (1-based): base, 2×base, 4×base…, or Retry-After if longer. */
export function retryDelayMs(result: AttemptResult, attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  const backoff = baseDelayMs * 2 ** (attempt - 1);
  const told = result.retryAfterSeconds !== undefined ? result.retryAfterSeconds * 1000 : 0;
  return Math.min(Math.max(backoff, told), maxDelayMs);
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
