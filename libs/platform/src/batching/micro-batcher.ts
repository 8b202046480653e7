export interface MicroBatcherOptions {
  maxBatch: number;
  maxConcurrentFlushes: number;
  /**
   * Wait for the current turn of the event loop to end before flushing (setImmediate), so that
   * submissions made together (the items of one batch job, all reaching the same step at once)
   * leave in one flush instead of one alone and the rest after it. Adds no timer delay.
   */
  gatherTurn?: boolean;
  /**
   * Hold an item up to this long for others to join it before flushing (a full batch leaves at
   * once). For work whose cost is per batch and whose items arrive one by one under steady load,
   * where waiting for a flush in progress gathers nothing: a few milliseconds of latency buy
   * batches several items long.
   */
  lingerMs?: number;
  /**
   * Like `lingerMs`, but only while items arrive at least once per two of these periods (the
   * recent gaps between submissions, averaged; items submitted together count as one arrival),
   * so that a held item is joined by another at least half the time. Under steady load the wait
   * gathers batches several items long, each flush's cost shared by all of them; at low load,
   * where waiting would gather nothing, an item leaves at once. For writes on a request's path
   * (docs/performance.md, step 39).
   */
  lingerWhenBusyMs?: number;
}

/**
 * How long a Postgres write on a payment request's path (the Idempotency-Key's claim and answer,
 * the pending row, the initiation's outcome, the operator request log) may wait for others under
 * load (`lingerWhenBusyMs`). On the 2-core benchmark machine 5 ms took about a sixth off the CPU
 * per cash-in at 300/s, and the `POST`'s p99 fell where its p50 grew a little (docs/performance.md, step 39).
 */
export const REQUEST_WRITE_LINGER_MS = 5;

/** Submissions closer together than this are one arrival (the items of one job, one event-loop turn). */
const SAME_ARRIVAL_MS = 0.1;
/** A gap longer than this counts as this long: one pause must not hide the load for many arrivals after it. */
const LONGEST_GAP_MS = 1_000;

/**
 * Gathers concurrent submissions and hands them to `flush` together. By default nothing waits on
 * a timer: at low load an item is flushed alone at once; while a flush runs, newcomers queue and
 * leave together in the next one (group commit), so batches grow exactly as fast as the load (the
 * linger options trade a few milliseconds for larger batches). Used where one round trip (a
 * Postgres commit, a Redis call) for many items is what makes the throughput.
 *
 * `flush` answers one entry per item, in order: a value, or an Error for that item alone.
 */
export class MicroBatcher<I, R> {
  private readonly waiting: { item: I; resolve: (value: R) => void; reject: (error: Error) => void }[] = [];
  private running = 0;
  private drainScheduled = false;
  private lingering?: NodeJS.Timeout;
  private lastArrivalAt?: number;
  private meanGapMs = LONGEST_GAP_MS;

  constructor(
    private readonly flush: (items: I[]) => Promise<(R | Error)[]>,
    private readonly options: MicroBatcherOptions = { maxBatch: 200, maxConcurrentFlushes: 1 },
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      const lingerMs = this.options.lingerMs ?? this.lingerWhileBusy();
      if (lingerMs) this.linger(lingerMs);
      else if (!this.options.gatherTurn) this.drain();
      else if (!this.drainScheduled) {
        this.drainScheduled = true;
        setImmediate(() => {
          this.drainScheduled = false;
          this.drain();
        });
      }
    });
  }

  /** The busy linger when items have lately come at least once per two of its periods, else none. */
  private lingerWhileBusy(): number | undefined {
    const period = this.options.lingerWhenBusyMs;
    if (!period) return undefined;
    const now = performance.now();
    const gap = this.lastArrivalAt === undefined ? LONGEST_GAP_MS : now - this.lastArrivalAt;
    if (gap >= SAME_ARRIVAL_MS) {
      this.meanGapMs = 0.8 * this.meanGapMs + 0.2 * Math.min(gap, LONGEST_GAP_MS);
      this.lastArrivalAt = now;
    }
    return this.meanGapMs < 2 * period || this.lingering ? period : undefined;
  }

  private linger(lingerMs: number): void {
    if (this.waiting.length >= this.options.maxBatch) {
      clearTimeout(this.lingering);
      this.lingering = undefined;
      this.drain();
    } else if (!this.lingering) {
      this.lingering = setTimeout(() => {
        this.lingering = undefined;
        this.drain();
      }, lingerMs);
    }
  }

  /** Items queued or being flushed right now. */
  get pending(): number {
    return this.waiting.length;
  }

  private drain(): void {
    while (this.running < this.options.maxConcurrentFlushes && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.running++;
      let flushed: Promise<(R | Error)[]>;
      try {
        flushed = this.flush(batch.map((entry) => entry.item));
      } catch (error) {
        flushed = Promise.reject(error);
      }
      flushed
        .then(
          (results) =>
            batch.forEach((entry, i) => {
              const result = results[i];
              if (result instanceof Error) entry.reject(result);
              else entry.resolve(result as R);
            }),
          (error: unknown) => batch.forEach((entry) => entry.reject(error instanceof Error ? error : new Error(String(error)))),
        )
        .finally(() => {
          this.running--;
          // Items still lingering leave when their time is up, not with whatever flush ends first.
          if (!this.lingering) this.drain();
        });
    }
  }
}
