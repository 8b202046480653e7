/** What Redis answered to a lease: how many requests it granted (0: the budget is spent), and the window's count after it. */
export interface LeaseAnswer {
  granted: number;
  count: number;
}

/**
 * Asks Redis for up to `want` requests of a window's budget of `limit`, the window's counter kept
 * for `ttlMs`; rejects when Redis does not answer.
 */
export type Lease = (counterKey: string, limit: number, want: number, ttlMs: number) => Promise<LeaseAnswer>;

/** Whether the request is admitted, and the window's count as this process sees it (what is left is the limit minus it). */
export interface ShareDecision {
  allowed: boolean;
  count: number;
  /** Until the window ends and the budget is full again. */
  resetMs: number;
}

/** A window's counter outlives it by this much, for leases taken at its very end. */
const COUNTER_GRACE_MS = 1_000;

/** A lease asks for at most this share of what is left of the budget… */
const LEASE_FRACTION = 10;
/** …and never more than this many requests. */
const MAX_LEASE = 100;

/** What this process holds of one key's budget in one window. */
interface WindowShare {
  /** The window's counter in Redis: the key and the window's start. */
  counterKey: string;
  windowStart: number;
  windowMs: number;
  /** Requests Redis granted this process and it has not admitted yet. */
  unspent: number;
  /** The window's count in Redis after this process's last lease (every replica's requests). */
  counted: number;
  /** A lease on its way (true once Redis answered): requests that find nothing unspent wait for it rather than ask again. */
  leasing?: Promise<boolean>;
}

/**
 * Takes requests from a budget per fixed window (aligned on the epoch) counted in Redis, one
 * counter per key and window (`<key>:<window start>`), asking Redis for a few requests at a time
 * instead of once per request. A lease is at most a tenth of what is left (100 at most), so near
 * the limit it is one request, as if every request were counted there.
 *
 * With one process the decisions and counts are exactly those of counting each request in Redis:
 * what it leased and has not spent is not counted as used. With several, a replica cannot see
 * what another holds unspent, so a key can be refused up to a few requests early (at most a
 * tenth of what was left, per replica); a replica that dies loses what it held, until the window
 * ends. Neither can let more requests through than the budget.
 */
export class WindowShares {
  private readonly shares = new Map<string, WindowShare>();
  private newestWindow = 0;

  constructor(private readonly lease: Lease) {}

  /**
   * Admits one request against `key`'s budget of `limit` in the current window of `windowMs`, or
   * refuses it. Null when Redis did not answer (the caller decides).
   */
  async take(key: string, limit: number, windowMs: number): Promise<ShareDecision | null> {
    const now = Date.now();
    const windowStart = now - (now % windowMs);
    const resetMs = windowStart + windowMs - now;
    const share = this.shareOf(`${key}:${windowStart}`, windowStart, windowMs);
    for (;;) {
      if (share.unspent > 0) {
        share.unspent -= 1;
        return { allowed: true, count: share.counted - share.unspent, resetMs };
      }
      // A window's count never goes down: once it reaches the limit, Redis would only say no again
      // (so a lease that granted nothing ends here on the next turn).
      if (share.counted >= limit) return { allowed: false, count: share.counted, resetMs };
      // Otherwise ask (or wait for the lease on its way), then look again: another request may take
      // the last of a lease first.
      if (!(await (share.leasing ?? this.leaseFor(share, limit)))) return null;
    }
  }

  private leaseFor(share: WindowShare, limit: number): Promise<boolean> {
    const want = Math.min(MAX_LEASE, Math.max(1, Math.floor((limit - share.counted) / LEASE_FRACTION)));
    const leasing = this.lease(share.counterKey, limit, want, share.windowMs + COUNTER_GRACE_MS).then(
      (answer) => {
        share.unspent += answer.granted;
        share.counted = answer.count;
        return true;
      },
      () => false,
    );
    share.leasing = leasing.finally(() => (share.leasing = undefined));
    return share.leasing;
  }

  private shareOf(counterKey: string, windowStart: number, windowMs: number): WindowShare {
    if (windowStart > this.newestWindow) {
      // Once per window: shares older than the one just ended go (requests still finishing there keep theirs).
      for (const [id, share] of this.shares) if (share.windowStart < this.newestWindow) this.shares.delete(id);
      this.newestWindow = windowStart;
    }
    let share = this.shares.get(counterKey);
    if (!share) this.shares.set(counterKey, (share = { counterKey, windowStart, windowMs, unspent: 0, counted: 0 }));
    return share;
  }
}
