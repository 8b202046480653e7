import { Injectable } from '@nestjs/common';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from '@momo/contracts';
import { SigningApp, WebhookDeliveryEntity } from '@momo/data';
import { SecretBox } from '@momo/platform';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';

/**
 * The headers of one attempt. The signature is made now, over the stored body (the exact bytes
 * sent), with the app's current secret and, while a rotation window is open, the previous one
 * too: two v1 values, so a receiver with either secret accepts it.
 */
@Injectable()
export class DeliverySigner {
  private readonly secrets: SecretBox;

  constructor(config: WebhookDispatcherConfig) {
    this.secrets = new SecretBox(config.SECRETS_ENCRYPTION_KEY);
  }

  headers(app: SigningApp, delivery: WebhookDeliveryEntity, wallClock: Date = new Date()): Record<string, string> {
    const timestamp = Math.floor(wallClock.getTime() / 1000);
    return {
      [SIGNATURE_HEADER]: signatureHeader(this.signingSecrets(app, wallClock), timestamp, delivery.body),
      [EVENT_HEADER]: delivery.eventType,
      [DELIVERY_HEADER]: delivery.id,
    };
  }

  private signingSecrets(app: SigningApp, now: Date): string[] {
    const secrets = [this.secrets.open(app.webhookSecretCiphertext)];
    if (app.previousWebhookSecretCiphertext && app.previousWebhookSecretExpiresAt && app.previousWebhookSecretExpiresAt > now) {
      secrets.push(this.secrets.open(app.previousWebhookSecretCiphertext));
    }
    return secrets;
  }
}
