import { Processor } from '@nestjs/bullmq';
import { DelayedError, Job } from 'bullmq';
import { DeliverWebhookJob, QueueName } from '@momo/contracts';
import { WebhookDeliveriesRepository } from '@momo/data';
import { Clock, JobHandlerHost, JobHandlers } from '@momo/platform';
import { ATTEMPT_LEASE_MS, DELIVERY_LOCK_MS, WebhookDispatcherConfig } from '../webhook-dispatcher.config';
import { AppLanes } from './app-lanes';
import { AttemptRunner } from './attempt-runner';
import { webhookPostponed } from './webhook.metrics';

/**
 * "Make attempt N of this delivery": claim it in Postgres (one worker at a time, and only if it
 * is still the attempt due), then run it. The delivery row is the truth; the job is a wake-up
 * call, and a stale or duplicate one is dropped. The lock outlasts the HTTP timeout.
 */
@Processor(QueueName.WebhookDeliveries, { lockDuration: DELIVERY_LOCK_MS, maxStalledCount: 2 })
export class WebhookDeliveriesProcessor extends JobHandlerHost<typeof QueueName.WebhookDeliveries> {
  protected readonly queue = QueueName.WebhookDeliveries;
  protected readonly handlers: JobHandlers<typeof QueueName.WebhookDeliveries> = {
    'deliver-webhook': (payload, job) => this.deliver(payload, job),
  };

  constructor(
    private readonly webhooks: WebhookDeliveriesRepository,
    private readonly runner: AttemptRunner,
    private readonly lanes: AppLanes,
    private readonly clock: Clock,
    config: WebhookDispatcherConfig,
  ) {
    super();
    this.concurrency = config.DELIVERY_CONCURRENCY;
  }

  private async deliver({ deliveryId, appId, attempt }: DeliverWebhookJob, job: Job): Promise<void> {
    // A full lane means this app's endpoint already holds its share of workers: wait elsewhere.
    const lane = await this.lanes.enter(appId);
    if (!lane) return postpone(job, 1_000 + Math.random() * 2_000, 'app_lane_full');
    try {
      const now = this.clock.now();
      const claim = await this.webhooks.claimAttempt(deliveryId, attempt, now, new Date(now.getTime() + ATTEMPT_LEASE_MS));
      if (claim.claimed) {
        await this.runner.run(claim.delivery, claim.endpoint, attempt, now, lane);
        return;
      }
      // Delivered, abandoned, or this attempt was already made: this job is stale. A disabled
      // app's delivery stays pending, held: the sweeper queues it again once the app is enabled.
      await lane.leave();
      if (claim.reason !== 'not_due' && claim.reason !== 'leased') return;
      // Awaited here, not returned: a rejection must not wait unhandled while `finally` awaits.
      await postpone(job, claim.retryAt.getTime() - now.getTime(), claim.reason);
    } finally {
      await lane.leave(); // once only: a no-op if already given back
    }
  }
}

/** Puts a job back to run later, without counting it as a failed job. */
async function postpone(job: Job, delayMs: number, reason: string): Promise<never> {
  webhookPostponed.inc({ reason });
  await job.moveToDelayed(Date.now() + Math.max(0, delayMs), job.token);
  throw new DelayedError();
}
