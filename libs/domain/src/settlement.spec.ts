import { latestCutoff, settlementPeriodEnd } from './settlement';

const at = (iso: string) => new Date(iso);

describe('settlement periods', () => {
  describe('daily cut-off in Africa/Kigali (UTC+2)', () => {
    const live = { kind: 'daily', cutoff: '00:00', timeZone: 'Africa/Kigali', delayDays: 1 } as const;

    it("finds the latest Kigali midnight: 22:00 UTC the day before", () => {
      expect(latestCutoff('00:00', 'Africa/Kigali', at('2026-03-10T12:00:00Z')).toISOString()).toBe('2026-03-09T22:00:00.000Z');
    });

    it('treats the cut-off instant itself as reached', () => {
      expect(latestCutoff('00:00', 'Africa/Kigali', at('2026-03-09T22:00:00Z')).toISOString()).toBe('2026-03-09T22:00:00.000Z');
      expect(latestCutoff('00:00', 'Africa/Kigali', at('2026-03-09T21:59:59Z')).toISOString()).toBe('2026-03-08T22:00:00.000Z');
    });

    it('handles a cut-off later in the day, before and after it is reached', () => {
      expect(latestCutoff('18:30', 'Africa/Kigali', at('2026-03-10T16:29:00Z')).toISOString()).toBe('2026-03-09T16:30:00.000Z');
      expect(latestCutoff('18:30', 'Africa/Kigali', at('2026-03-10T16:31:00Z')).toISOString()).toBe('2026-03-10T16:30:00.000Z');
    });

    it('crosses month and year ends', () => {
      expect(latestCutoff('00:00', 'Africa/Kigali', at('2026-01-01T01:00:00Z')).toISOString()).toBe('2025-12-31T22:00:00.000Z');
      expect(latestCutoff('23:00', 'Africa/Kigali', at('2026-03-01T05:00:00Z')).toISOString()).toBe('2026-02-28T21:00:00.000Z');
    });

    it('settles T+delay: a run on the 10th covers what completed before the 9th began (Kigali)', () => {
      expect(settlementPeriodEnd(live, at('2026-03-10T12:00:00Z')).toISOString()).toBe('2026-03-08T22:00:00.000Z');
      expect(settlementPeriodEnd({ ...live, delayDays: 0 }, at('2026-03-10T12:00:00Z')).toISOString()).toBe('2026-03-09T22:00:00.000Z');
    });

    it('gives every run within one day the same period end (idempotent runs)', () => {
      const ends = ['2026-03-09T22:00:00Z', '2026-03-10T09:13:00Z', '2026-03-10T21:59:59Z'].map((t) => settlementPeriodEnd(live, at(t)).getTime());
      expect(new Set(ends).size).toBe(1);
    });

    it('follows a zone with daylight saving time too', () => {
      // Europe/Berlin is UTC+1 in winter, UTC+2 in summer.
      expect(latestCutoff('00:00', 'Europe/Berlin', at('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-14T23:00:00.000Z');
      expect(latestCutoff('00:00', 'Europe/Berlin', at('2026-07-15T12:00:00Z')).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    });
  });

  describe('every few minutes (test mode)', () => {
    const test = { kind: 'every', seconds: 300 } as const;

    it('ends periods on multiples of the interval', () => {
      expect(settlementPeriodEnd(test, at('2026-03-10T12:07:31Z')).toISOString()).toBe('2026-03-10T12:05:00.000Z');
      expect(settlementPeriodEnd(test, at('2026-03-10T12:05:00Z')).toISOString()).toBe('2026-03-10T12:05:00.000Z');
    });
  });
});
