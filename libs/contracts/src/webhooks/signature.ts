import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The webhook signature scheme (spec: Events): header `X-Service-Signature: t=<unix seconds>,v1=<hex>`
 * where v1 = HMAC-SHA256(secret, `${t}.${rawBody}`). During a secret rotation several v1 values
 * are sent, one per valid secret.
 */
export const SIGNATURE_HEADER = 'x-service-signature';
export const EVENT_HEADER = 'x-service-event';
export const DELIVERY_HEADER = 'x-service-delivery';
/** The request id of the payment's story (the request that created it): quote it to support. */
export const REQUEST_ID_DELIVERY_HEADER = 'x-service-request-id';
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

export function computeSignature(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function signatureHeader(secrets: string[], timestamp: number, rawBody: string | Buffer): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${computeSignature(secret, timestamp, rawBody)}`)].join(',');
}

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'too_old' | 'mismatch' };

/**
 * Receiver side: checks a delivery against the raw body bytes exactly as received, in constant
 * time, and refuses timestamps outside the tolerance (replays).
 */
export function verifySignature(
  header: string | undefined,
  rawBody: string | Buffer,
  secret: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): VerifyResult {
  if (!header) return { ok: false, reason: 'malformed' };
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && /^\d+$/.test(value ?? '')) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '')) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return { ok: false, reason: 'malformed' };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { ok: false, reason: 'too_old' };
  const expected = Buffer.from(computeSignature(secret, timestamp, rawBody), 'hex');
  const matches = candidates.some((candidate) => timingSafeEqual(expected, Buffer.from(candidate, 'hex')));
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'mismatch' };
}
