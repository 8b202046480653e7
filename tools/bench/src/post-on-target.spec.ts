import { lastStepOnTarget } from './post-on-target';

describe("bench:curve's rate with the POST on target", () => {
  const steps = (p99s: number[]) => p99s.map((answerP99, i) => ({ rate: (i + 1) * 50, answerP99 }));

  it('is the last step of the climb with the p99 under the target', () => {
    expect(lastStepOnTarget(steps([28, 26, 42, 49, 71, 118]), 50)).toEqual({ rate: 200, answerP99: 49 });
  });

  it('stops at the first step over the target, even if a later one comes in under it again', () => {
    expect(lastStepOnTarget(steps([32, 63, 45, 47]), 50)).toEqual({ rate: 50, answerP99: 32 });
  });

  it('counts a step at the target as over it (the target is p99 under 50 ms)', () => {
    expect(lastStepOnTarget(steps([40, 50]), 50)?.rate).toBe(50);
  });

  it('is nothing when the first step is over the target, or a step measured no POST', () => {
    expect(lastStepOnTarget(steps([55, 30]), 50)).toBeUndefined();
    expect(lastStepOnTarget(steps([Number.NaN, 30]), 50)).toBeUndefined();
  });

  it('is the last step when every step is under the target', () => {
    expect(lastStepOnTarget(steps([20, 30, 40]), 50)?.rate).toBe(150);
  });
});
