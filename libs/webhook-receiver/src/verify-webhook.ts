import { DEFAULT_TOLERANCE_SECONDS, DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, TransactionView, verifySignature, WEBHOOK_EVENT_TYPES, WebhookEventType } from '@momo/contracts';

/** The event types the service sends today (the service's own list). Others may be added: ignore them and answer 200. */
export const KNOWN_EVENT_TYPES = WEBHOOK_EVENT_TYPES;
export type KnownEventType = WebhookEventType;

/** The JSON body of a delivery. */
export interface WebhookEvent {
  /** The event id (the same for every delivery and replay of this event). */
  id?: string;
  type: string;
  created_at?: string;
  /** The complete Transaction, as GET /v1/payments/:id returns it. */
  data: TransactionView;
}

export type HeaderBag = Record<string, string | string[] | undefined> | { get(name: string): string | null };

export interface VerifyOptions {
  /** The raw request body exactly as received: a Buffer (or the untouched string), never a parsed object. */
  rawBody: Buffer | string;
  /** The request headers (Node's `req.headers`, or a fetch `Headers`). */
  headers: HeaderBag;
  /**
   * The webhook secret of the mode this endpoint receives: test and live each have their own, so
   * a live endpoint holds the live secret only. During a rotation, both the old and the new one.
   */
  secrets: string | readonly string[];
  /**
   * The one mode this endpoint receives, when it receives only one: a delivery whose
   * `data.mode` differs is refused (`wrong_mode`) even if its signature verifies (apps upgraded
   * from a single secret have the same secret in both modes until one of them is rotated).
   */
  mode?: 'test' | 'live';
  /** Oldest acceptable signature timestamp, in seconds from now (default 300: five minutes). */
  toleranceSeconds?: number;
  /** Unix seconds; for tests. */
  now?: number;
}

export type VerifyFailure = 'missing_signature' | 'malformed_signature' | 'too_old' | 'signature_mismatch' | 'missing_delivery_id' | 'invalid_body' | 'wrong_mode';

export type VerifiedWebhook =
  | { ok: true; deliveryId: string; eventType: string; event: WebhookEvent }
  | { ok: false; reason: VerifyFailure };

/**
 * Checks one delivery: the signature over the raw body (constant-time compare, with any of the
 * given secrets), the timestamp within the tolerance, the body's shape and, when `mode` is given,
 * the transaction's mode. Only after `ok` is the body parsed and returned.
 */
export function verifyWebhook(options: VerifyOptions): VerifiedWebhook {
  const { rawBody } = options;
  if (!Buffer.isBuffer(rawBody) && typeof rawBody !== 'string') {
    throw new TypeError('verifyWebhook needs the raw request body (Buffer or string), not a parsed object');
  }
  const signature = header(options.headers, SIGNATURE_HEADER);
  if (!signature) return { ok: false, reason: 'missing_signature' };
  const secrets = typeof options.secrets === 'string' ? [options.secrets] : options.secrets;
  if (secrets.length === 0) throw new TypeError('verifyWebhook needs at least one secret');

  let failure: VerifyFailure = 'signature_mismatch';
  const verified = secrets.some((secret) => {
    const result = verifySignature(signature, rawBody, secret, {
      toleranceSeconds: options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
      now: options.now,
    });
    if (!result.ok) failure = result.reason === 'malformed' ? 'malformed_signature' : result.reason === 'too_old' ? 'too_old' : 'signature_mismatch';
    return result.ok;
  });
  if (!verified) return { ok: false, reason: failure };

  const deliveryId = header(options.headers, DELIVERY_HEADER);
  if (!deliveryId) return { ok: false, reason: 'missing_delivery_id' };
  let event: WebhookEvent;
  try {
    event = JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody) as WebhookEvent;
  } catch {
    return { ok: false, reason: 'invalid_body' };
  }
  if (!event || typeof event !== 'object' || typeof event.type !== 'string' || !event.data || typeof event.data !== 'object') {
    return { ok: false, reason: 'invalid_body' };
  }
  if (options.mode !== undefined && event.data.mode !== options.mode) return { ok: false, reason: 'wrong_mode' };
  return { ok: true, deliveryId, eventType: header(options.headers, EVENT_HEADER) ?? event.type, event };
}

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value[0] : value;
}
