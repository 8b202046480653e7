import { randomBytes } from 'node:crypto';

/** A new webhook signing secret: `whsec_` and 32 random bytes (base64url). Shown to the merchant once. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
