import type { RequestRecord } from '../store/simulator-store';

export type TimedRequestRecord = RequestRecord & { at: Date };

/**
 * The log of requests received, written in batches: records gather for up to 100 ms (or up
 * to a batch) and go in one insert, in arrival order. The log is evidence for tests, not state the
 * simulated network acts on, so it is never waited for on the request path; readers call `flush`
 * first so they see every request answered before they asked.
 */
export class RequestLog {
  private buffer: TimedRequestRecord[] = [];
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (records: TimedRequestRecord[]) => Promise<void>,
    private readonly onError: (error: Error) => void,
    private readonly options: { lingerMs: number; maxBatch: number } = { lingerMs: 100, maxBatch: 1_000 },
  ) {}

  record(request: RequestRecord): void {
    this.buffer.push({ ...request, at: new Date() });
    if (this.buffer.length >= this.options.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.lingerMs);
  }

  /** Writes what has been recorded so far; resolves once it (and every earlier batch) is written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    // Chained: batches reach the table in the order they were recorded.
    this.writing = this.writing.then(() => (batch.length > 0 ? this.write(batch).catch((error: Error) => this.onError(error)) : undefined));
    return this.writing;
  }
}
