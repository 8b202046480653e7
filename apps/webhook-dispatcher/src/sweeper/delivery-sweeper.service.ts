import { Injectable } from '@nestjs/common';
import { WebhookDeliveriesRepository } from '@momo/data';
import { Clock, PeriodicSchedule, PeriodicTask } from '@momo/platform';
import { DeliveryJobs } from '../delivery/delivery-jobs';
import { webhookSweeps } from '../delivery/webhook.metrics';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';

/**
 * Finds pending deliveries that are overdue and not being attempted, and makes sure each has a
 * job that will run: after Redis lost its jobs (flush, restart without persistence), after a job
 * failed for good or stalled too often, or after a crash between recording an attempt and
 * queueing the next. It runs on a timer in every dispatcher process, not as a queue job, so it
 * keeps working when Redis has lost everything; job ids make concurrent sweeps harmless.
 */
@Injectable()
export class DeliverySweeper extends PeriodicTask<number> {
  protected readonly failureMessage = 'delivery sweep failed; retrying next round';

  constructor(
    private readonly webhooks: WebhookDeliveriesRepository,
    private readonly jobs: DeliveryJobs,
    private readonly clock: Clock,
    private readonly config: WebhookDispatcherConfig,
  ) {
    super();
  }

  protected schedule(): PeriodicSchedule {
    return { everyMs: this.config.WEBHOOK_SWEEP_INTERVAL_MS };
  }

  /** One round (never two at once in this process); returns how many jobs it queued or woke. */
  sweep(): Promise<number> {
    return this.run();
  }

  protected async tick(): Promise<number> {
    const overdue = await this.webhooks.overdueDeliveries(this.clock.now(), this.config.WEBHOOK_SWEEP_GRACE_MS, this.config.WEBHOOK_SWEEP_BATCH);
    let acted = 0;
    for (const due of overdue) {
      const action = await this.jobs.ensureRunnable(due);
      webhookSweeps.inc({ action });
      if (action !== 'present') acted++;
    }
    if (acted > 0) this.logger.log({ overdue: overdue.length, acted }, 'delivery sweep re-queued overdue deliveries');
    return acted;
  }
}
