/**
 * Webhook deliveries as merchants read them: the same shapes in /v1/webhook-deliveries and in the
 * dashboard. No imports, so the dashboard's browser bundle can take them as they are.
 */

/** A webhook delivery in lists. */
export interface WebhookDeliveryView {
  id: string;
  app_id: string;
  event_id: string;
  event_type: string;
  transaction_id: string;
  mode: 'test' | 'live';
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

/** One delivery with the exact body it sends and every attempt. */
export interface WebhookDeliveryDetailView extends WebhookDeliveryView {
  request_body: string;
  attempts: WebhookAttemptView[];
}
