/**
 * Gathers concurrent submissions and hands them to `flush` together. Nothing waits on a timer:
 * at low load an item is flushed alone at once; while a flush runs, newcomers queue and leave
 * together in the next one, so batches grow exactly as fast as the load. Used where one
 * Postgres commit for many items is what makes the throughput (settlements).
 *
 * `flush` answers one entry per item, in order: a value, or an Error for that item alone.
 */
export class MicroBatcher<I, R> {
  private readonly waiting: { item: I; resolve: (value: R) => void; reject: (error: Error) => void }[] = [];
  private running = 0;

  constructor(
    private readonly flush: (items: I[]) => Promise<(R | Error)[]>,
    private readonly options: { maxBatch: number; maxConcurrentFlushes: number } = { maxBatch: 200, maxConcurrentFlushes: 1 },
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.drain();
    });
  }

  /** Items queued or being flushed right now. */
  get pending(): number {
    return this.waiting.length;
  }

  private drain(): void {
    while (this.running < this.options.maxConcurrentFlushes && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.running++;
      this.flush(batch.map((entry) => entry.item))
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
          this.drain();
        });
    }
  }
}
