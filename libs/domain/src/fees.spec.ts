import { computeFee, DEFAULT_FEE_SCHEDULE, feeRuleProblems } from './fees';

describe('computeFee', () => {
  it('charges 2% on cash in by default, rounding up to the next franc', () => {
    expect(computeFee(1000, DEFAULT_FEE_SCHEDULE.collect)).toBe(20);
    expect(computeFee(101, DEFAULT_FEE_SCHEDULE.collect)).toBe(3);
  });

  it('charges 1% on cash out with a 50 RWF floor', () => {
    expect(computeFee(100, DEFAULT_FEE_SCHEDULE.payout)).toBe(50);
    expect(computeFee(10_000, DEFAULT_FEE_SCHEDULE.payout)).toBe(100);
  });

  it('applies fixed parts and caps', () => {
    expect(computeFee(1_000_000, { percentBps: 150, fixed: 25, min: 0, max: 5_000 })).toBe(5_000);
    expect(computeFee(1_000, { percentBps: 150, fixed: 25, min: 0, max: 5_000 })).toBe(40);
  });
});

describe('feeRuleProblems', () => {
  it('accepts the defaults and sensible rules', () => {
    expect(feeRuleProblems(DEFAULT_FEE_SCHEDULE.collect)).toEqual([]);
    expect(feeRuleProblems({ percentBps: 150, fixed: 25, min: 0, max: 5_000 })).toEqual([]);
  });

  it('names every problem', () => {
    expect(feeRuleProblems({ percentBps: 10_001, fixed: -1, min: 1.5, max: 0 })).toHaveLength(4);
    expect(feeRuleProblems({ percentBps: 100, fixed: 0, min: 100, max: 50 })).toEqual([expect.stringContaining('max')]);
  });
});
