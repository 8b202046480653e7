import { canonicalMsisdn, planFor, scenarioOfNumber, SCENARIOS } from './scenarios';

const timings = { APPROVAL_DELAY_MS: 300, DELAYED_APPROVAL_MS: 5_000, PROMPT_WINDOW_MS: 60_000, EARLY_CALLBACK_LEAD_MS: 2_000, SLOW_ANSWER_MS: 15_000 };

describe('scenarios by number', () => {
  it('reads the magic numbers in every form, on both networks', () => {
    expect(scenarioOfNumber('0780000110')).toBe('decline');
    expect(scenarioOfNumber('250790000111')).toBe('wrong_pin');
    expect(scenarioOfNumber('720000112')).toBe('insufficient_funds');
    expect(scenarioOfNumber('250730000131')).toBe('http_503');
  });

  it('approves every other number at once, as the operators sandboxes do', () => {
    expect(scenarioOfNumber('250788123456')).toBe('approve');
    expect(scenarioOfNumber('250780000999')).toBe('approve');
    expect(planFor('approve', 'collection', timings)).toEqual({ outcome: { status: 'SUCCESSFUL', afterMs: 300 }, callbacks: 1 });
  });

  it('has one distinct code per scenario', () => {
    const codes = Object.values(SCENARIOS).map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('plans the answers each scenario promises', () => {
    expect(planFor('stay_pending', 'collection', timings)).toEqual({ outcome: null, callbacks: 0 });
    expect(planFor('expire', 'collection', timings).outcome).toEqual({ status: 'FAILED', reason: 'expired', afterMs: 60_000 });
    expect(planFor('decline', 'transfer', timings).outcome?.reason).toBe('payee_not_allowed');
    expect(planFor('duplicate_callbacks', 'collection', timings).callbacks).toBe(3);
    expect(planFor('early_callback', 'collection', timings)).toMatchObject({ earlyCallbackAfterMs: 300, outcome: { afterMs: 2_300 } });
  });

  it('writes numbers the way the simulator stores them', () => {
    expect(canonicalMsisdn('0788123456')).toBe('250788123456');
    expect(canonicalMsisdn('788123456')).toBe('250788123456');
    expect(canonicalMsisdn('+250788123456')).toBe('250788123456');
  });
});
