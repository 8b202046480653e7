/**
 * Group commit for many concurrent writers: a write goes out at once when the line is free;
 * writes that arrive while `maxInFlight` statements are running wait and go out together as the
 * next statement. Under light load nothing waits; under heavy load round trips are shared.
 * Each caller still gets its own result only after its statement has committed.
 */
export class GroupCommit<I, O> {
  private readonly waiting: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly maxInFlight = 2,
    private readonly maxBatch = 200,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      this.write(batch.map((entry) => entry.item))
        .then(
          (results) => batch.forEach((entry, i) => entry.resolve(results[i])),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          this.inFlight--;
          this.drain();
        });
    }
  }
}
