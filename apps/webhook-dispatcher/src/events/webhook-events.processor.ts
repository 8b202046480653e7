import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError } from 'bullmq';
import { QueueName, WebhookEventJob } from '@momo/contracts';
import { MerchantsRepository, OutboxRepository, WebhooksRepository } from '@momo/data';
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
    private readonly outbox: OutboxRepository,
    private readonly merchants: MerchantsRepository,
    private readonly webhooks: WebhooksRepository,
    private readonly jobs: DeliveryJobs,
    private readonly clock: Clock,
  ) {
    super();
    this.concurrency = 50;
  }

  private async publish({ eventId }: WebhookEventJob): Promise<void> {
    const event = await this.outbox.findById(eventId);
    if (!event) throw new UnrecoverableError(`outbox event ${eventId} does not exist`);
    const app = await this.merchants.findApp(event.appId);
    // An app without a webhook URL polls instead; nothing to deliver.
    if (!app?.webhookUrl) return;
    const body = JSON.stringify({ id: event.id, type: event.eventType, created_at: event.createdAt.toISOString(), data: event.payload });
    const { delivery } = await this.webhooks.createDelivery(
      { eventId: event.id, appId: app.id, transactionId: event.transactionId, mode: event.payload.mode, eventType: event.eventType, url: app.webhookUrl, body },
      this.clock.now(),
    );
    if (delivery.status !== 'pending' || !delivery.nextAttemptAt) return;
    await this.jobs.schedule(delivery.id, delivery.appId, delivery.attemptCount + 1, delivery.nextAttemptAt);
  }
}
