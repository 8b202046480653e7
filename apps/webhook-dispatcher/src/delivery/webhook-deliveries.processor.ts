import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { DeliverWebhookJob, DELIVERY_HEADER, EVENT_HEADER, JobIds, QueueName, SIGNATURE_HEADER, signatureHeader } from '@momo/contracts';
import { AppEntity, MerchantsRepository, WebhooksRepository } from '@momo/data';
import { JobHandlerHost, JobHandlers, JobProducer, SecretBox } from '@momo/platform';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';
import { DestinationPolicy } from './destination-policy';
import { retryDelayMs } from './retry-schedule';
import { SendResult, WebhookSender } from './webhook-sender';

/**
 * One attempt at one delivery: sign the stored body, POST it, record the attempt, and schedule
 * the next one (or give up after the last). The delivery row in Postgres is the truth; the job
 * only says "try now".
 */
@Processor(QueueName.WebhookDeliveries, { lockDuration: 60_000 })
export class WebhookDeliveriesProcessor extends JobHandlerHost<typeof QueueName.WebhookDeliveries> {
  private readonly logger = new Logger(WebhookDeliveriesProcessor.name);
  protected readonly queue = QueueName.WebhookDeliveries;
  protected readonly handlers: JobHandlers<typeof QueueName.WebhookDeliveries> = {
    'deliver-webhook': (job) => this.attempt(job),
  };
  private readonly secrets: SecretBox;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly merchants: MerchantsRepository,
    private readonly sender: WebhookSender,
    private readonly destinations: DestinationPolicy,
    private readonly producer: JobProducer,
    private readonly config: WebhookDispatcherConfig,
  ) {
    super();
    this.concurrency = config.DELIVERY_CONCURRENCY;
    this.secrets = new SecretBox(config.SECRETS_ENCRYPTION_KEY);
  }

  private async attempt({ deliveryId }: DeliverWebhookJob): Promise<void> {
    const delivery = await this.webhooks.findDelivery(deliveryId);
    if (!delivery || delivery.status !== 'pending') return;
    const app = await this.merchants.findApp(delivery.appId);
    const url = app?.webhookUrl ?? delivery.url;
    const attemptNumber = delivery.attemptCount + 1;
    const startedAt = new Date();

    const verdict = await this.destinations.check(url);
    const result: SendResult = verdict.ok
      ? await this.sender.post(verdict.url.toString(), delivery.body, this.headers(app, delivery.id, delivery.eventType, delivery.body))
      : { statusCode: null, responseBody: null, error: `destination refused: ${verdict.reason}`, durationMs: 0 };

    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const exhausted = attemptNumber >= this.config.WEBHOOK_MAX_ATTEMPTS;
    const delay = retryDelayMs(attemptNumber + 1, this.config.WEBHOOK_FIRST_RETRY_MS, this.config.WEBHOOK_MAX_RETRY_MS);
    const next = delivered
      ? { status: 'delivered' as const, nextAttemptAt: null }
      : exhausted
        ? { status: 'abandoned' as const, nextAttemptAt: null }
        : { status: 'pending' as const, nextAttemptAt: new Date(Date.now() + delay) };

    const recorded = await this.webhooks.recordAttempt(
      delivery.id,
      { attemptNumber, startedAt, durationMs: result.durationMs, statusCode: result.statusCode, responseBody: result.responseBody, error: result.error },
      next,
    );
    if (!recorded) return; // another run of this job already recorded this attempt
    this.logger.log({ deliveryId, attemptNumber, statusCode: result.statusCode, error: result.error, next: next.status }, 'webhook attempt');
    if (next.status === 'pending') {
      await this.producer.add('deliver-webhook', { deliveryId }, { jobId: JobIds.webhookAttempt(deliveryId, attemptNumber + 1), delay });
    }
  }

  private headers(app: AppEntity | null, deliveryId: string, eventType: string, body: string): Record<string, string> {
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      [SIGNATURE_HEADER]: signatureHeader(this.signingSecrets(app), timestamp, body),
      [EVENT_HEADER]: eventType,
      [DELIVERY_HEADER]: deliveryId,
    };
  }

  /** The current secret, plus the previous one while a rotation window is open. */
  private signingSecrets(app: AppEntity | null): string[] {
    if (!app) return [];
    const secrets = [this.secrets.open(app.webhookSecretCiphertext)];
    if (app.previousWebhookSecretCiphertext && app.previousWebhookSecretExpiresAt && app.previousWebhookSecretExpiresAt > new Date()) {
      secrets.push(this.secrets.open(app.previousWebhookSecretCiphertext));
    }
    return secrets;
  }
}
