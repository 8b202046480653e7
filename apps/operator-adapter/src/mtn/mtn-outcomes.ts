import { InitiationOutcome } from '@momo/contracts';
import { OperatorResponse } from '../http/operator-http.client';
import { FailureCode, FAILURE_CODES, refusal } from '../operators/failure-codes';
import { StatusOutcome } from '../operators/operator-connector';

/** MTN reason codes -> our failure codes. Unlisted reasons become OPERATOR_FAILED. */
export const MTN_REASONS: Record<string, FailureCode> = {
  PAYER_NOT_FOUND: 'PAYER_NOT_FOUND',
  PAYEE_NOT_FOUND: 'PAYER_NOT_FOUND',
  NOT_ENOUGH_FUNDS: 'INSUFFICIENT_FUNDS',
  INTERNAL_PROCESSING_ERROR: 'INSUFFICIENT_FUNDS',
  PAYER_LIMIT_REACHED: 'LIMIT_EXCEEDED',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'NOT_ALLOWED',
  NOT_ALLOWED: 'NOT_ALLOWED',
  NOT_ALLOWED_TARGET_ENVIRONMENT: 'NOT_ALLOWED',
  PAYMENT_NOT_APPROVED: 'DECLINED',
  APPROVAL_REJECTED: 'DECLINED',
  TRANSACTION_CANCELED: 'DECLINED',
  EXPIRED: 'EXPIRED',
  COULD_NOT_PERFORM_TRANSACTION: 'EXPIRED',
  INVALID_CURRENCY: 'INVALID_REQUEST',
  INVALID_CALLBACK_URL_HOST: 'INVALID_REQUEST',
  RESOURCE_NOT_FOUND: 'INVALID_REQUEST',
};

/** `reason` arrives as a string or as `{code, message}`. */
export function mtnReasonCode(reason: unknown): string | undefined {
  if (typeof reason === 'string') return reason;
  if (reason && typeof reason === 'object' && typeof (reason as { code?: unknown }).code === 'string') {
    return (reason as { code: string }).code;
  }
  return undefined;
}

function failureOf(reasonCode: string | undefined): { failureCode: FailureCode; failureMessage: string } {
  const failureCode = (reasonCode && MTN_REASONS[reasonCode]) || 'OPERATOR_FAILED';
  const base = FAILURE_CODES[failureCode].message;
  return { failureCode, failureMessage: reasonCode ? `${base} (MTN: ${reasonCode})` : base };
}

function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function retryAfterSeconds(headers: Record<string, string>, fallback: number): number {
  const value = Number(headers['retry-after']);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : fallback;
}

/** The answer to POST requesttopay / transfer. */
export function mtnInitiationOutcome(response: OperatorResponse): InitiationOutcome {
  if (response.kind === 'not_sent') {
    return { kind: 'unavailable', retryAfterSeconds: 30, failureMessage: 'MTN MoMo could not be reached.' };
  }
  if (response.kind === 'no_answer') return { kind: 'unknown', reason: 'timeout', detail: response.error };
  const { status, body, headers } = response;
  const parsed = parseJson(body);
  const code = typeof parsed?.code === 'string' ? parsed.code : undefined;
  if (status === 202 || status === 200) return { kind: 'accepted' };
  // Our reference is already known to MTN: an earlier send got through. Go poll.
  if (status === 409 && code === 'RESOURCE_ALREADY_EXIST') return { kind: 'accepted' };
  if (status === 429) {
    return { kind: 'rate_limited', retryAfterSeconds: retryAfterSeconds(headers, 30), failureMessage: 'MTN MoMo is rate-limiting requests.' };
  }
  if (status === 503) {
    return { kind: 'unavailable', retryAfterSeconds: retryAfterSeconds(headers, 30), failureMessage: 'MTN MoMo is temporarily unavailable.' };
  }
  if (code && MTN_REASONS[code]) {
    const { failureCode } = failureOf(code);
    return refusal(failureCode, `MTN: ${code}`);
  }
  if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 404 && status !== 408) {
    return refusal('INVALID_REQUEST', code ? `MTN: ${code}` : `MTN HTTP ${status}`);
  }
  return { kind: 'unknown', reason: 'uninterpretable', detail: `HTTP ${status}: ${body.slice(0, 200)}` };
}

/** The answer to GET requesttopay/{id} / transfer/{id}. */
export function mtnStatusOutcome(response: OperatorResponse): StatusOutcome {
  if (response.kind !== 'response') return { kind: 'unknown', detail: response.error };
  const parsed = parseJson(response.body);
  if (response.status === 404) return { kind: 'not_found' };
  if (response.status !== 200 || !parsed) return { kind: 'unknown', detail: `HTTP ${response.status}` };
  const providerRef = typeof parsed.financialTransactionId === 'string' ? parsed.financialTransactionId : undefined;
  switch (parsed.status) {
    case 'SUCCESSFUL':
      return { kind: 'final', status: 'succeeded', providerRef };
    case 'FAILED':
    case 'REJECTED':
    case 'TIMEOUT':
      return { kind: 'final', status: 'failed', providerRef, ...failureOf(mtnReasonCode(parsed.reason) ?? (parsed.status === 'TIMEOUT' ? 'EXPIRED' : undefined)) };
    case 'PENDING':
    case 'CREATED':
    case 'ONGOING':
      return { kind: 'pending' };
    default:
      return { kind: 'unknown', detail: `unexpected status ${String(parsed.status)}` };
  }
}
