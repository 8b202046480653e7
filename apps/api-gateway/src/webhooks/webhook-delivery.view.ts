import type { WebhookAttemptEntity, WebhookDeliveryEntity } from '@momo/data';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A webhook delivery as merchants see it in lists (GET /v1/webhook-deliveries). */
export interface WebhookDeliveryView {
  id: string;
  app_id: string;
  event_id: string;
  event_type: string;
  transaction_id: string;
  mode: string;
  url: string;
  status: 'pending' | 'delivered' | 'abandoned';
  attempt_count: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptView {
  number: number;
  trigger: 'schedule' | 'replay';
  url: string | null;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  /** The receiver's answer, at most 4096 bytes. */
  response_body: string | null;
  error: string | null;
}

/** One delivery with the exact body it sends and every attempt (GET /v1/webhook-deliveries/:id). */
export interface WebhookDeliveryDetailView extends WebhookDeliveryView {
  request_body: string;
  attempts: WebhookAttemptView[];
}

export function toDeliveryView(d: WebhookDeliveryEntity): WebhookDeliveryView {
  return {
    id: d.id,
    app_id: d.appId,
    event_id: d.eventId,
    event_type: d.eventType,
    transaction_id: d.transactionId,
    mode: d.mode,
    url: d.url,
    status: d.status,
    attempt_count: d.attemptCount,
    next_attempt_at: iso(d.nextAttemptAt),
    last_attempt_at: iso(d.lastAttemptAt),
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    delivered_at: iso(d.deliveredAt),
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

export function toDeliveryDetailView(d: WebhookDeliveryEntity, attempts: WebhookAttemptEntity[]): WebhookDeliveryDetailView {
  return {
    ...toDeliveryView(d),
    request_body: d.body,
    attempts: attempts.map((a) => ({
      number: a.attemptNumber,
      trigger: a.trigger,
      url: a.url,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      response_body: a.responseBody,
      error: a.error,
    })),
  };
}
