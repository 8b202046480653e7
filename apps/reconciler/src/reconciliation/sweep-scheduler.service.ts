import { Injectable } from '@nestjs/common';
import { JobProducer, PeriodicSchedule, PeriodicTask } from '@momo/platform';
import { ReconcilerConfig } from '../reconciler.config';

export const PENDING_SWEEP_SCHEDULER = 'pending-transactions-sweep';

/**
 * Registers the sweep as a BullMQ job scheduler. Upserting is idempotent, so every replica can
 * do it at start; BullMQ runs each tick once across all of them. The scheduler lives in Redis,
 * so a flush (or a restart without persistence) removes it: a timer in every replica checks for
 * it and puts it back, or reconciliation would stop until the next deploy.
 */
@Injectable()
export class SweepScheduler extends PeriodicTask<boolean> {
  protected readonly failureMessage = 'could not check the sweep scheduler; retrying';

  constructor(
    private readonly producer: JobProducer,
    private readonly config: ReconcilerConfig,
  ) {
    super();
  }

  /**
   * Registered before the service is up (a failure fails the boot), then checked on the timer.
   * Upserted even when present, so a changed interval takes effect; the log says whether it was
   * there, since a restart after Redis lost it is a restoration too.
   */
  override async onApplicationBootstrap(): Promise<void> {
    const wasScheduled = await this.producer.isScheduled('reconciliation-sweep', PENDING_SWEEP_SCHEDULER);
    await this.register();
    this.logger.log({ wasScheduled }, 'registered the reconciliation sweep scheduler');
    this.start();
  }

  protected schedule(): PeriodicSchedule {
    return { everyMs: this.config.SCHEDULER_CHECK_MS };
  }

  protected tick(): Promise<boolean> {
    return this.ensureRegistered();
  }

  /** Puts the scheduler back if Redis lost it; returns whether it had to. */
  async ensureRegistered(): Promise<boolean> {
    if (await this.producer.isScheduled('reconciliation-sweep', PENDING_SWEEP_SCHEDULER)) return false;
    this.logger.warn('the reconciliation sweep scheduler was missing from Redis: registering it again');
    await this.register();
    return true;
  }

  private async register(): Promise<void> {
    await this.producer.schedule(
      PENDING_SWEEP_SCHEDULER,
      { every: this.config.SWEEP_INTERVAL_MS },
      'reconciliation-sweep',
      { sweep: 'pending-transactions' },
      { removeOnComplete: 100, removeOnFail: 1000 },
    );
  }
}
