import {
  DEFAULT_DEADLINE_SECONDS,
  exceptionKindOf,
  failureWithoutFinalAnswer,
  initiationSendable,
  isOwnDecision,
  nextCheckDelaySeconds,
  planPendingCheck,
  UnresolvedCheck,
} from './reconciliation';

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

  it('sends initiations only in the first half of the give-up age', () => {
    expect([0, 449, 450, 900, 5_000].map((age) => initiationSendable(age, 900))).toEqual([true, true, false, false, false]);
  });

  describe('a pending transaction the operator did not finish when asked', () => {
    const check = (over: Partial<UnresolvedCheck>): UnresolvedCheck => ({ reason: 'reconcile', answer: 'pending', ageSeconds: 100, unreceivedGiveUpSeconds: 900, ...over });

    it('fails at the deadline whatever the answer, naming the last one', () => {
      expect(failureWithoutFinalAnswer(check({ reason: 'deadline', answer: 'pending' }))).toEqual({ failureCode: 'DEADLINE_EXCEEDED', detail: 'the network still reported it pending' });
      expect(failureWithoutFinalAnswer(check({ reason: 'deadline', answer: 'unknown' }))).toEqual({
        failureCode: 'DEADLINE_EXCEEDED',
        detail: 'the network could not be asked or gave no readable answer',
      });
      expect(failureWithoutFinalAnswer(check({ reason: 'deadline', answer: 'not_found', ageSeconds: 899 }))).toEqual({ failureCode: 'DEADLINE_EXCEEDED', detail: 'the network had no record of it' });
    });

    it('is NOT_RECEIVED when the operator has no record of it and no send can be in flight', () => {
      expect(failureWithoutFinalAnswer(check({ reason: 'deadline', answer: 'not_found', ageSeconds: 900 }))).toEqual({ failureCode: 'NOT_RECEIVED' });
      expect(failureWithoutFinalAnswer(check({ reason: 'reconcile', answer: 'not_found', ageSeconds: 900 }))).toEqual({ failureCode: 'NOT_RECEIVED' });
      expect(failureWithoutFinalAnswer(check({ reason: 'reconcile', answer: 'not_found', ageSeconds: 899 }))).toBeUndefined();
    });

    it('stays pending before the deadline unless never received, and a callback decides nothing', () => {
      expect(failureWithoutFinalAnswer(check({ reason: 'reconcile', answer: 'pending', ageSeconds: 10_000 }))).toBeUndefined();
      expect(failureWithoutFinalAnswer(check({ reason: 'reconcile', answer: 'unknown', ageSeconds: 10_000 }))).toBeUndefined();
      for (const reason of ['callback', 'initiation', 'watch'] as const) {
        expect(failureWithoutFinalAnswer(check({ reason, answer: 'not_found', ageSeconds: 10_000 }))).toBeUndefined();
      }
    });
  });

  it('plans a pending transaction’s next check: the schedule up to the deadline, then deadline checks', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(planPendingCheck(now, 0, later(3_600))).toEqual({ reason: 'reconcile', nextCheckAt: later(10) });
    expect(planPendingCheck(now, 3, later(3_600), { delays: [5, 50, 500, 5_000] })).toEqual({ reason: 'reconcile', nextCheckAt: later(3_600) });
    expect(planPendingCheck(now, 8, later(15))).toEqual({ reason: 'reconcile', nextCheckAt: later(15) });
    expect(planPendingCheck(now, 8, now)).toEqual({ reason: 'deadline', nextCheckAt: later(30) });
    expect(planPendingCheck(now, 8, later(-1), { deadlineRecheckSeconds: 5 })).toEqual({ reason: 'deadline', nextCheckAt: later(5) });
  });
});
