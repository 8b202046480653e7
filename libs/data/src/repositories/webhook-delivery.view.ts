import type { WebhookDeliveryDetailView, WebhookDeliveryView } from '@momo/contracts';
import type { WebhookAttemptEntity, WebhookDeliveryEntity } from '../entities';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A delivery as merchants read it, in the API's delivery log and in the dashboard alike. */
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
