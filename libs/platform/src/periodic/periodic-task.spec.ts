import { PeriodicSchedule, PeriodicTask } from './periodic-task';

/** A task whose rounds the test finishes by hand, counting how many run at once. */
class Rounds extends PeriodicTask<number> {
  protected readonly failureMessage = 'round failed; next tick retries';
  started = 0;
  finished = 0;
  atOnce = 0;
  mostAtOnce = 0;
  failNext = false;
  private release: (() => void)[] = [];

  constructor(private readonly timing: PeriodicSchedule) {
    super();
  }

  get warnings(): jest.SpyInstance {
    return jest.spyOn(this.logger, 'warn').mockImplementation(() => undefined);
  }

  protected schedule(): PeriodicSchedule {
    return this.timing;
  }

  protected async tick(): Promise<number> {
    this.started++;
    this.atOnce++;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.atOnce);
    try {
      await new Promise<void>((resolve) => this.release.push(resolve));
      if (this.failNext) {
        this.failNext = false;
        throw new Error('boom');
      }
      return ++this.finished;
    } finally {
      this.atOnce--;
    }
  }

  /** Lets the round in progress end. */
  async finishRound(): Promise<void> {
    this.release.shift()?.();
    await jest.advanceTimersByTimeAsync(0);
  }
}

describe('PeriodicTask', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs a round every interval, the first after one interval', async () => {
    const task = new Rounds({ everyMs: 1_000 });
    task.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(999);
    expect(task.started).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(task.started).toBe(1);
    await task.finishRound();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(task.started).toBe(2);
    await task.finishRound();
    await task.onApplicationShutdown();
  });

  it('runs a first round early when asked', async () => {
    const task = new Rounds({ everyMs: 60_000, firstRunAfterMs: 10 });
    task.start();
    await jest.advanceTimersByTimeAsync(10);
    expect(task.started).toBe(1);
    await task.finishRound();
    await task.stop();
  });

  it('never runs two rounds at once: ticks and run() during a round join it', async () => {
    const task = new Rounds({ everyMs: 100 });
    task.start();
    await jest.advanceTimersByTimeAsync(100);
    const joined = task.run();
    await jest.advanceTimersByTimeAsync(1_000); // ten ticks while the round is stuck
    expect(task.started).toBe(1);
    await task.finishRound();
    expect(await joined).toBe(1);
    await jest.advanceTimersByTimeAsync(100);
    expect(task.started).toBe(2);
    expect(task.mostAtOnce).toBe(1);
    await task.finishRound();
    await task.stop();
  });

  it('logs a failed round instead of throwing it, and runs again at the next tick', async () => {
    const task = new Rounds({ everyMs: 100 });
    const warnings = task.warnings;
    task.failNext = true;
    task.start();
    await jest.advanceTimersByTimeAsync(100);
    await task.finishRound();
    expect(warnings).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'boom' }) }, 'round failed; next tick retries');
    await jest.advanceTimersByTimeAsync(100);
    expect(task.started).toBe(2);
    await task.finishRound();
    expect(task.finished).toBe(1);
    await task.stop();
  });

  it('stops on shutdown after the round in progress, and runs no more', async () => {
    const task = new Rounds({ everyMs: 100 });
    task.start();
    await jest.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = task.onApplicationShutdown().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await task.finishRound();
    await stopping;
    expect(stopped).toBe(true);
    expect(task.finished).toBe(1);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(task.started).toBe(1);
  });

  it('never runs with an interval of 0 (turned off)', async () => {
    const task = new Rounds({ everyMs: 0, firstRunAfterMs: 0 });
    task.start();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(task.started).toBe(0);
    await task.stop();
  });
});
