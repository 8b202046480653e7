import { DEFAULT_DEADLINE_SECONDS, exceptionKindOf, isOwnDecision, nextCheckDelaySeconds } from './reconciliation';

describe('reconciliation rules', () => {
  it('asks quickly at first, then backs off to hourly, on the default or a configured schedule', () => {
    expect([0, 1, 2, 3, 8, 9, 50].map((n) => nextCheckDelaySeconds(n))).toEqual([10, 20, 30, 60, 3_600, 3_600, 3_600]);
    expect([0, 1, 2, 7].map((n) => nextCheckDelaySeconds(n, [1, 1, 2]))).toEqual([1, 1, 2, 2]);
  });

  it('gives payouts far longer than cash ins before a deadline fails them', () => {
    expect(DEFAULT_DEADLINE_SECONDS).toEqual({ collect: 3_600, payout: 3 * 86_400 });
  });

  it('tells failures of our own deciding from the operator’s, and names contradictions by what we recorded', () => {
    expect(['DEADLINE_EXCEEDED', 'NOT_RECEIVED', 'DECLINED', null, undefined].map(isOwnDecision)).toEqual([true, true, false, false, false]);
    expect(exceptionKindOf('failed')).toBe('missed_success');
    expect(exceptionKindOf('succeeded')).toBe('phantom_success');
  });
});
