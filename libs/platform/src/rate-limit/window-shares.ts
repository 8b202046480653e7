/** What Redis answered to a lease: how many requests it granted (0: the budget is spent), and the window's count after it. */
export interface LeaseAnswer {
  granted: number;
  count: number;
}

/** Asks Redis for up to `want` requests of a budget of `limit`; rejects when Redis does not answer. */
export type Lease = (counterKey: string, limit: number, want: number) => Promise<LeaseAnswer>;

/** Whether the request is admitted, and the window's count as this process sees it (what is left is the limit minus it). */
export interface ShareDecision {
  allowed: boolean;
  count: number;
}

/** A lease asks for at most this share of what is left of the budget… */
const LEASE_FRACTION = 10;
/** …and never more than this many requests. */
const MAX_LEASE = 100;

/** What this process holds of one key's budget in one window. */
interface WindowShare {
  windowStart: number;
  /** Requests Redis granted this process and it has not admitted yet. */
  unspent: number;
  /** The window's count in Redis after this process's last lease (every replica's requests). */
  counted: number;
  /** A lease on its way (true once Redis answered): requests that find nothing unspent wait for it rather than ask again. */
  leasing?: Promise<boolean>;
}

/**
 * Takes requests from a per-window budget counted in Redis, asking Redis for a few at a time
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
   * Admits one request against `counterKey`'s budget of `limit` in the window starting at
   * `windowStart`, or refuses it. Null when Redis did not answer (the caller decides).
   */
  async take(counterKey: string, windowStart: number, limit: number): Promise<ShareDecision | null> {
    const share = this.shareOf(counterKey, windowStart);
    for (;;) {
      if (share.unspent > 0) {
        share.unspent -= 1;
        return { allowed: true, count: share.counted - share.unspent };
      }
      // A window's count never goes down: once it reaches the limit, Redis would only say no again
      // (so a lease that granted nothing ends here on the next turn).
      if (share.counted >= limit) return { allowed: false, count: share.counted };
      // Otherwise ask (or wait for the lease on its way), then look again: another request may take
      // the last of a lease first.
      if (!(await (share.leasing ?? this.leaseFor(counterKey, share, limit)))) return null;
    }
  }

  private leaseFor(counterKey: string, share: WindowShare, limit: number): Promise<boolean> {
    const want = Math.min(MAX_LEASE, Math.max(1, Math.floor((limit - share.counted) / LEASE_FRACTION)));
    const leasing = this.lease(counterKey, limit, want).then(
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

  private shareOf(counterKey: string, windowStart: number): WindowShare {
    if (windowStart > this.newestWindow) {
      // Once per window: shares older than the one just ended go (requests still finishing there keep theirs).
      for (const [id, share] of this.shares) if (share.windowStart < this.newestWindow) this.shares.delete(id);
      this.newestWindow = windowStart;
    }
    const id = `${counterKey}@${windowStart}`;
    let share = this.shares.get(id);
    if (!share) this.shares.set(id, (share = { windowStart, unspent: 0, counted: 0 }));
    return share;
  }
}
