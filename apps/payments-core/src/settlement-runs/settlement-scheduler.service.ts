import { Injectable } from '@nestjs/common';
import { RepeatOptions } from 'bullmq';
import { Mode, MODES, parseCutoff, SettlementSchedule } from '@momo/domain';
import { JobProducer, PeriodicSchedule, PeriodicTask } from '@momo/platform';
import { PaymentsCoreConfig } from '../payments-core.config';

export const settlementSchedulerId = (mode: Mode) => `settlement-run-${mode}`;

/** When BullMQ should start a run: at the daily cut-off in its time zone, or every few seconds. */
export function repeatOf(schedule: SettlementSchedule): Omit<RepeatOptions, 'key'> {
  if (schedule.kind === 'every') return { every: schedule.seconds * 1000 };
  const { hour, minute } = parseCutoff(schedule.cutoff);
  return { pattern: `${minute} ${hour} * * *`, tz: schedule.timeZone };
}

/**
 * One BullMQ job scheduler per mode, like the reconciler's sweep: upserting is idempotent, so
 * every replica registers them at start and BullMQ starts each tick once; a timer puts them back
 * if Redis lost them. A tick that is lost or late only delays settlement: the next run settles
 * everything due up to its period end.
 */
@Injectable()
export class SettlementScheduler extends PeriodicTask<Mode[]> {
  protected readonly failureMessage = 'could not check the settlement schedulers; retrying';

  constructor(
    private readonly producer: JobProducer,
    private readonly config: PaymentsCoreConfig,
  ) {
    super();
  }

  /**
   * Registered before the service is up (a failure fails the boot), then checked on the timer.
   * Upserted even when present, so a changed schedule takes effect; the log says whether each was
   * there, since a restart after Redis lost them is a restoration too.
   */
  override async onApplicationBootstrap(): Promise<void> {
    for (const mode of MODES) {
      const wasScheduled = await this.producer.isScheduled('settlement-run', settlementSchedulerId(mode));
      await this.register(mode);
      this.logger.log({ mode, wasScheduled }, 'registered the settlement scheduler');
    }
    this.start();
  }

  protected schedule(): PeriodicSchedule {
    return { everyMs: this.config.SETTLEMENT_SCHEDULER_CHECK_MS };
  }

  protected tick(): Promise<Mode[]> {
    return this.ensureRegistered();
  }

  /** Puts back the schedulers Redis lost; returns the modes it had to. */
  async ensureRegistered(): Promise<Mode[]> {
    const missing: Mode[] = [];
    for (const mode of MODES) {
      if (await this.producer.isScheduled('settlement-run', settlementSchedulerId(mode))) continue;
      this.logger.warn({ mode }, 'a settlement scheduler was missing from Redis: registering it again');
      await this.register(mode);
      missing.push(mode);
    }
    return missing;
  }

  private async register(mode: Mode): Promise<void> {
    await this.producer.schedule(settlementSchedulerId(mode), repeatOf(this.config.settlementSchedules[mode]), 'settlement-run', { mode }, {
      attempts: 5,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: 100,
      removeOnFail: 1000,
    });
  }
}
