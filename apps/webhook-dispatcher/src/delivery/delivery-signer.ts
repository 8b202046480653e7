import { Injectable } from '@nestjs/common';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from '@momo/contracts';
import { SigningEndpoint, WebhookDeliveryEntity } from '@momo/data';
import { SecretBox } from '@momo/platform';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';

/**
 * The headers of one attempt. The signature is made now, over the stored body (the exact bytes
 * sent), with the current secret of the app in the delivery's mode (a live delivery is never
 * signed with a test secret) and, while that mode's rotation window is open, its previous one
 * too: two v1 values, so a receiver with either secret accepts it.
 */
/** Opened secrets kept per sealed value (a rotation seals a new one); enough for every busy app. */
const OPENED_SECRETS_KEPT = 1_000;

@Injectable()
export class DeliverySigner {
  private readonly secrets: SecretBox;
  /** Sealed value -> secret: opening (AES-GCM) at every attempt cost more than signing. */
  private readonly opened = new Map<string, string>();

  constructor(config: WebhookDispatcherConfig) {
    this.secrets = new SecretBox(config.SECRETS_ENCRYPTION_KEY);
  }

  headers(endpoint: SigningEndpoint, delivery: WebhookDeliveryEntity, wallClock: Date = new Date()): Record<string, string> {
    if (endpoint.mode !== delivery.mode) throw new Error(`a ${delivery.mode} delivery cannot be signed with ${endpoint.mode} secrets`);
    const timestamp = Math.floor(wallClock.getTime() / 1000);
    return {
      [SIGNATURE_HEADER]: signatureHeader(this.signingSecrets(endpoint, wallClock), timestamp, delivery.body),
      [EVENT_HEADER]: delivery.eventType,
      [DELIVERY_HEADER]: delivery.id,
    };
  }

  private signingSecrets(endpoint: SigningEndpoint, now: Date): string[] {
    const secrets = [this.open(endpoint.secretCiphertext)];
    if (endpoint.previousSecretCiphertext && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
      secrets.push(this.open(endpoint.previousSecretCiphertext));
    }
    return secrets;
  }

  private open(sealed: string): string {
    let secret = this.opened.get(sealed);
    if (secret === undefined) {
      secret = this.secrets.open(sealed);
      if (this.opened.size >= OPENED_SECRETS_KEPT) this.opened.delete(this.opened.keys().next().value as string);
      this.opened.set(sealed, secret);
    }
    return secret;
  }
}
