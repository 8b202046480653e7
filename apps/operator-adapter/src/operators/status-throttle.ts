import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Paces status queries per operator and mode (a leaky bucket): callbacks in bursts and
 * reconciliation sweeps must not flood an operator. A query that would wait longer than
 * `maxWaitMs` is not made at all; the reconciler asks again later.
 */
export class StatusThrottle {
  private readonly nextSlot = new Map<string, number>();

  constructor(
    private readonly perSecond: number,
    private readonly maxWaitMs = 2_000,
  ) {}

  async admit(key: string): Promise<boolean> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot.get(key) ?? now);
    const wait = slot - now;
    if (wait > this.maxWaitMs) return false;
    this.nextSlot.set(key, slot + 1000 / this.perSecond);
    if (wait > 0) await sleep(wait);
    return true;
  }
}
