import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError } from 'bullmq';
import { QueueName, WebhookEventJob } from '@momo/contracts';
import { WebhooksRepository } from '@momo/data';
import { JobHandlerHost, JobHandlers } from '@momo/platform';
import { Clock } from '../clock';
import { DeliveryJobs } from '../delivery/delivery-jobs';

/**
 * Turns one published domain event into a delivery row (the body is fixed here, once, so every
 * attempt and replay sends the same bytes) and queues its first attempt. The row is committed
 * before the job exists; a re-published event finds its row and only re-queues what is due.
 */
@Processor(QueueName.WebhookEvents)
export class WebhookEventsProcessor extends JobHandlerHost<typeof QueueName.WebhookEvents> {
  protected readonly queue = QueueName.WebhookEvents;
  protected readonly handlers: JobHandlers<typeof QueueName.WebhookEvents> = {
    'publish-webhook-event': (job) => this.publish(job),
  };

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly jobs: DeliveryJobs,
    private readonly clock: Clock,
  ) {
    super();
    this.concurrency = 50;
  }

  private async publish({ eventId }: WebhookEventJob): Promise<void> {
    const event = await this.webhooks.eventToDeliver(eventId);
    if (!event) throw new UnrecoverableError(`outbox event ${eventId} does not exist`);
    // An app without a webhook URL polls instead; nothing to deliver.
    if (!event.webhookUrl) return;
    // The Transaction goes in as payments-core stored it, byte for byte.
    const body = `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.eventType)},"created_at":${JSON.stringify(event.createdAt.toISOString())},"data":${event.payloadJson}}`;
    const { delivery } = await this.webhooks.createDelivery(
      { eventId: event.id, appId: event.appId, transactionId: event.transactionId, mode: event.mode, eventType: event.eventType, url: event.webhookUrl, body },
      this.clock.now(),
    );
    if (delivery.status !== 'pending' || !delivery.nextAttemptAt) return;
    await this.jobs.schedule(delivery.id, delivery.appId, delivery.attemptCount + 1, delivery.nextAttemptAt);
  }
}
