import { retryDelayMs, verdictAfter } from './retry-schedule';

const rules = { maxAttempts: 12, firstRetryMs: 30_000, maxRetryMs: 6 * 3_600_000 };

describe('webhook retry schedule', () => {
  it('waits 30 s, 1 min, 2 min, 4 min… before attempts 2, 3, 4, 5…, capped at 6 hours', () => {
    const delays = Array.from({ length: 11 }, (_, i) => retryDelayMs(i + 2, 30_000, 6 * 3_600_000) / 1000);
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 21600]);
  });

  it('is done on any 2xx, and retries every other answer or none', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    for (const code of [200, 201, 204, 299]) expect(verdictAfter(code, 1, rules, now)).toEqual({ status: 'delivered' });
    for (const code of [null, 199, 301, 302, 400, 404, 410, 500, 503]) {
      expect(verdictAfter(code, 1, rules, now)).toEqual({ status: 'pending', nextAttemptAt: new Date('2026-01-01T00:00:30.000Z') });
    }
  });

  it('abandons after the twelfth failed attempt of a round, not before', () => {
    const now = new Date('2026-01-01T00:00:00.000Z');
    expect(verdictAfter(500, 11, rules, now)).toEqual({ status: 'pending', nextAttemptAt: new Date(now.getTime() + 21_600_000) });
    expect(verdictAfter(500, 12, rules, now)).toEqual({ status: 'abandoned' });
    expect(verdictAfter(200, 12, rules, now)).toEqual({ status: 'delivered' });
  });
});
