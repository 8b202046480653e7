/**
 * Receiving the service's webhooks in a merchant backend: verify the signature over the raw body
 * (constant-time, five-minute tolerance, either secret during a rotation), dedupe on
 * X-Service-Delivery, ignore unknown event types. See docs/webhooks.md.
 */
export * from './verify-webhook';
export * from './delivery-log';
export * from './webhook-handler';
