/**
 * Remembers which deliveries were processed, so a duplicate (the service delivers at least once)
 * is answered 200 without being processed again. Keyed on X-Service-Delivery, which stays the
 * same across every retry and manual replay of one event to one app.
 *
 * `begin` must be atomic across everything that receives webhooks: with several receiver
 * processes, implement it on your database (an INSERT into a table with a unique key on the
 * delivery id, ideally in the same transaction as the work) or Redis (SET NX).
 */
export interface DeliveryLog {
  /** `new`: go ahead and process it. `done`: processed already. `busy`: being processed right now. */
  begin(deliveryId: string): Promise<'new' | 'done' | 'busy'>;
  /** Processing succeeded: later copies are `done`. */
  complete(deliveryId: string): Promise<void>;
  /** Processing failed: the next copy may try again. */
  release(deliveryId: string): Promise<void>;
}

/**
 * A DeliveryLog in this process's memory: fine for one receiver process and for tests. It
 * forgets entries after `retentionMs` (default 3 days: longer than the whole retry schedule) and
 * keeps at most `maxEntries`, oldest forgotten first.
 */
export class MemoryDeliveryLog implements DeliveryLog {
  private readonly entries = new Map<string, { state: 'busy' | 'done'; at: number }>();

  constructor(
    private readonly retentionMs = 3 * 24 * 3_600_000,
    private readonly maxEntries = 100_000,
    private readonly clock: () => number = Date.now,
  ) {}

  async begin(deliveryId: string): Promise<'new' | 'done' | 'busy'> {
    this.forgetOld();
    const entry = this.entries.get(deliveryId);
    if (entry) return entry.state;
    this.entries.set(deliveryId, { state: 'busy', at: this.clock() });
    return 'new';
  }

  async complete(deliveryId: string): Promise<void> {
    this.entries.delete(deliveryId); // re-inserted last: Map order is age order
    this.entries.set(deliveryId, { state: 'done', at: this.clock() });
  }

  async release(deliveryId: string): Promise<void> {
    this.entries.delete(deliveryId);
  }

  private forgetOld(): void {
    const cutoff = this.clock() - this.retentionMs;
    // Map order is age order (complete() re-inserts), so the oldest entries come first.
    for (const [id, entry] of this.entries) {
      if (entry.at >= cutoff && this.entries.size < this.maxEntries) break;
      this.entries.delete(id);
    }
  }
}
