import { parseRetryAfter, retryDelayMs, shouldRetry } from './retry-policy';

describe('the client retry rules', () => {
  it('never retries 400, 401, 403, 404 or 409, whatever the request', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422]) {
      expect(shouldRetry({ status }, 'idempotent', 1, 3)).toBe(false);
      expect(shouldRetry({ status }, 'unsafe', 1, 3)).toBe(false);
    }
  });

  it('retries 502, 503 and timeouts only where a retry is safe (an Idempotency-Key, or a read)', () => {
    for (const result of [{ status: 502 }, { status: 503 }, { timedOut: true }, {}]) {
      expect(shouldRetry(result, 'idempotent', 1, 3)).toBe(true);
      expect(shouldRetry(result, 'unsafe', 1, 3)).toBe(false);
    }
  });

  it('retries 429 always: the server did nothing', () => {
    expect(shouldRetry({ status: 429 }, 'unsafe', 1, 3)).toBe(true);
  });

  it('retries a 409 IDEMPOTENCY_KEY_IN_USE only on a retry (our own first attempt is still running)', () => {
    expect(shouldRetry({ status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' }, 'idempotent', 1, 3)).toBe(false);
    expect(shouldRetry({ status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' }, 'idempotent', 2, 3)).toBe(true);
    expect(shouldRetry({ status: 409, code: 'ALREADY_REFUNDED' }, 'idempotent', 2, 3)).toBe(false);
  });

  it('stops after maxRetries', () => {
    expect(shouldRetry({ status: 502 }, 'idempotent', 3, 3)).toBe(true);
    expect(shouldRetry({ status: 502 }, 'idempotent', 4, 3)).toBe(false);
  });

  it('backs off 1, 2, 4 seconds, or waits Retry-After when that is longer, capped', () => {
    expect([1, 2, 3].map((n) => retryDelayMs({ status: 502 }, n, 1000, 60_000))).toEqual([1000, 2000, 4000]);
    expect(retryDelayMs({ status: 503, retryAfterSeconds: 7 }, 1, 1000, 60_000)).toBe(7000);
    expect(retryDelayMs({ status: 429, retryAfterSeconds: 1 }, 3, 1000, 60_000)).toBe(4000);
    expect(retryDelayMs({ status: 429, retryAfterSeconds: 3600 }, 1, 1000, 60_000)).toBe(60_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(new Date(10_000 + 3_000).toUTCString(), 10_000)).toBe(3);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
