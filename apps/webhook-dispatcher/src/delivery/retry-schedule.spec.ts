import { retryDelayMs } from './retry-schedule';

describe('webhook retry schedule', () => {
  it('waits 30 s, 1 min, 2 min, 4 min… before attempts 2, 3, 4, 5…, capped at 6 hours', () => {
    const delays = Array.from({ length: 11 }, (_, i) => retryDelayMs(i + 2, 30_000, 6 * 3_600_000) / 1000);
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 21600]);
  });
});
