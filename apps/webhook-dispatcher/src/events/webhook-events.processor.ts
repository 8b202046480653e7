import { Processor } from '@nestjs/bullmq';
import { UnrecoverableError } from 'bullmq';
import { JobIds, QueueName, WebhookEventJob } from '@momo/contracts';
import { MerchantsRepository, OutboxRepository, WebhooksRepository } from '@momo/data';
import { JobHandlerHost, JobHandlers, JobProducer } from '@momo/platform';

/**
 * Turns one published domain event into a delivery row (the body is fixed here, once, so every
 * attempt and replay sends the same bytes) and schedules its first attempt.
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
    private readonly producer: JobProducer,
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
    const { delivery } = await this.webhooks.createDelivery({
      eventId: event.id,
      appId: app.id,
      transactionId: event.transactionId,
      eventType: event.eventType,
      url: app.webhookUrl,
      body,
    });
    if (delivery.status !== 'pending') return;
    await this.producer.add(
      'deliver-webhook',
      { deliveryId: delivery.id },
      { jobId: JobIds.webhookAttempt(delivery.id, delivery.attemptCount + 1) },
    );
  }
}
