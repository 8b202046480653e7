import { StatusThrottle } from './status-throttle';

describe('StatusThrottle', () => {
  it('spaces queries to one operator at the configured rate, and turns away what would wait too long', async () => {
    const throttle = new StatusThrottle(20, 200);
    const started = Date.now();
    const admitted = await Promise.all(Array.from({ length: 8 }, () => throttle.admit('mtn.test')));
    // 20/s is one slot per 50 ms: slots at 0..200 ms fit, later ones are left to the reconciler.
    expect(admitted.filter(Boolean)).toHaveLength(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('keeps operators and modes apart', async () => {
    const throttle = new StatusThrottle(1, 100);
    expect(await throttle.admit('mtn.test')).toBe(true);
    expect(await throttle.admit('airtel.test')).toBe(true);
    expect(await throttle.admit('mtn.live')).toBe(true);
    expect(await throttle.admit('mtn.test')).toBe(false);
  });
});
