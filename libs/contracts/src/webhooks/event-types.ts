/**
 * The event types the service sends today, as outbox rows and as webhooks. New ones may be added
 * within /v1: receivers ignore the ones they do not know. Plain data: the published SDK and the
 * dashboard's browser build import this file.
 */
export const WEBHOOK_EVENT_TYPES = ['payment.succeeded', 'payment.failed', 'payout.succeeded', 'payout.failed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
