import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError } from 'bullmq';
import { QueueName, WebhookEventJob } from '@momo/contracts';
import { WebhookDeliveriesRepository } from '@momo/data';
import { Clock, JobHandlerHost, JobHandlers } from '@momo/platform';
import { AppLanes } from '../delivery/app-lanes';
import { AttemptRunner } from '../delivery/attempt-runner';
import { DeliveryJobs } from '../delivery/delivery-jobs';
import { DeliveryWrites } from '../delivery/delivery-writes';
import { ATTEMPT_LEASE_MS, DELIVERY_LOCK_MS, WebhookDispatcherConfig } from '../webhook-dispatcher.config';

/**
 * Turns one published domain event into a delivery row (the body is fixed here, once, so every
 * attempt and replay sends the same bytes) and makes its first attempt right away, in this job:
 * the row is committed, already claimed, before anything is sent. If the app's lane is full, or
 * the event was seen before, the attempt goes to the deliveries queue instead.
 */
@Processor(QueueName.WebhookEvents, { lockDuration: DELIVERY_LOCK_MS, maxStalledCount: 2 })
export class WebhookEventsProcessor extends JobHandlerHost<typeof QueueName.WebhookEvents> {
  protected readonly queue = QueueName.WebhookEvents;
  protected readonly handlers: JobHandlers<typeof QueueName.WebhookEvents> = {
    'publish-webhook-event': (job) => this.publish(job),
  };

  constructor(
    private readonly webhooks: WebhookDeliveriesRepository,
    private readonly jobs: DeliveryJobs,
    private readonly writes: DeliveryWrites,
    private readonly runner: AttemptRunner,
    private readonly lanes: AppLanes,
    private readonly clock: Clock,
    config: WebhookDispatcherConfig,
  ) {
    super();
    this.concurrency = config.DELIVERY_CONCURRENCY;
  }

  private async publish({ eventId }: WebhookEventJob): Promise<void> {
    const now = this.clock.now();
    const outcome = await this.writes.createForEvent(eventId, now, new Date(now.getTime() + ATTEMPT_LEASE_MS));
    if (outcome.kind === 'no_event') throw new UnrecoverableError(`outbox event ${eventId} does not exist`);
    // An app without a webhook URL in the event's mode polls instead; nothing to deliver. A
    // disabled app's delivery is kept, unclaimed: the sweeper sends it once the app is enabled.
    if (outcome.kind === 'no_webhook_url' || outcome.kind === 'held') return;
    const { delivery } = outcome;
    if (outcome.kind === 'existing') {
      if (delivery.status === 'pending' && delivery.nextAttemptAt) {
        await this.jobs.schedule(delivery.id, delivery.appId, delivery.attemptCount + 1, delivery.nextAttemptAt);
      }
      return;
    }
    const lane = await this.lanes.enter(delivery.appId);
    if (!lane) {
      await this.webhooks.releaseFirstClaim(delivery.id);
      await this.jobs.schedule(delivery.id, delivery.appId, 1, now);
      return;
    }
    try {
      await this.runner.run(delivery, outcome.endpoint, 1, now, lane);
    } finally {
      await lane.leave();
    }
  }
}
