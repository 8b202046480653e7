import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

export interface PeriodicSchedule {
  /** Between two rounds, usually from config; 0 (or less) turns the timer off. */
  everyMs: number;
  /** A first round this long after start, instead of waiting a whole interval for it. */
  firstRunAfterMs?: number;
}

/**
 * Work done on a timer in every process of a service (sweepers, monitors, scheduler checks), not
 * as a queue job, so that it keeps going when Redis has lost everything:
 * - one round at a time in this process: a tick (or a `run()`) while a round is going joins it;
 * - a failed round is logged, never thrown at the timer; the next tick tries again;
 * - the timer starts at application bootstrap, and shutdown stops it and waits for the round in
 *   progress;
 * - the timer does not keep the process alive by itself.
 * Several processes may run rounds at the same time: the work must allow it.
 */
export abstract class PeriodicTask<R = void> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  /** The warning logged, with the error, when a round fails. */
  protected abstract readonly failureMessage: string;
  private timer?: NodeJS.Timeout;
  private firstRound?: NodeJS.Timeout;
  private running?: Promise<R>;

  /** Read when the timer starts, so it may use config the subclass was given. */
  protected abstract schedule(): PeriodicSchedule;

  /** One round. */
  protected abstract tick(): Promise<R>;

  onApplicationBootstrap(): void | Promise<void> {
    this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    const { everyMs, firstRunAfterMs } = this.schedule();
    if (everyMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.runLogged(), everyMs).unref();
    if (firstRunAfterMs !== undefined) this.firstRound = setTimeout(() => this.runLogged(), firstRunAfterMs).unref();
  }

  /** Stops the timer and waits for the round in progress, if any. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.firstRound);
    this.timer = this.firstRound = undefined;
    await this.running?.catch(() => undefined);
  }

  /** A round now, or the one already going (never two at once in this process). */
  run(): Promise<R> {
    this.running ??= new Promise<R>((resolve) => resolve(this.tick())).finally(() => (this.running = undefined));
    return this.running;
  }

  private runLogged(): void {
    this.run().catch((error: unknown) => this.logger.warn({ err: error }, this.failureMessage));
  }
}
