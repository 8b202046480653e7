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
}

/**
 * Gathers concurrent submissions and hands them to `flush` together. Nothing waits on a timer:
 * at low load an item is flushed alone at once; while a flush runs, newcomers queue and leave
 * together in the next one (group commit), so batches grow exactly as fast as the load. Used where one
 * round trip (a Postgres commit, a Redis call) for many items is what makes the throughput.
 *
 * `flush` answers one entry per item, in order: a value, or an Error for that item alone.
 */
export class MicroBatcher<I, R> {
  private readonly waiting: { item: I; resolve: (value: R) => void; reject: (error: Error) => void }[] = [];
  private running = 0;
  private drainScheduled = false;
  private lingering?: NodeJS.Timeout;

  constructor(
    private readonly flush: (items: I[]) => Promise<(R | Error)[]>,
    private readonly options: MicroBatcherOptions = { maxBatch: 200, maxConcurrentFlushes: 1 },
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.options.lingerMs) this.linger();
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

  private linger(): void {
    if (this.waiting.length >= this.options.maxBatch) {
      clearTimeout(this.lingering);
      this.lingering = undefined;
      this.drain();
    } else if (!this.lingering) {
      this.lingering = setTimeout(() => {
        this.lingering = undefined;
        this.drain();
      }, this.options.lingerMs);
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
