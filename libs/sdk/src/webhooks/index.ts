/**
 * Receiving webhooks: the service's receiver helper (verify the signature over the raw body in
 * constant time with a five-minute tolerance, accept either secret during a rotation, dedupe on
 * X-Service-Delivery, ignore unknown types), re-exported; and the signer `momo listen` uses to
 * sign what it forwards exactly as the service signs its deliveries. See README.md.
 */
export { createWebhookHandler, KNOWN_EVENT_TYPES, MemoryDeliveryLog, verifyWebhook } from '@momo/webhook-receiver';
export type { DeliveryLog, HeaderBag, KnownEventType, VerifiedWebhook, VerifyFailure, VerifyOptions, WebhookEvent, WebhookHandlerOptions, WebhookReply } from '@momo/webhook-receiver';
export { computeSignature, DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from '@momo/contracts';
