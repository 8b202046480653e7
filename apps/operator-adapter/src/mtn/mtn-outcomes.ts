import { InitiationOutcome } from '@momo/contracts';
import { OperatorResponse } from '../http/operator-http.client';
import { FailureCode, failureMessage, refusal } from '../operators/failure-codes';
import { StatusOutcome } from '../operators/operator-connector';
import { parseJson, retryAfterSeconds, stringAt } from '../operators/wire';

/**
 * MTN reason codes -> our failure codes: the one table (docs/operator-outcomes.md renders it and
 * a test keeps the two equal). Unlisted reasons become OPERATOR_FAILED.
 */
export const MTN_REASONS: Record<string, FailureCode> = {
  PAYER_NOT_FOUND: 'PAYER_NOT_FOUND',
  PAYEE_NOT_FOUND: 'PAYEE_NOT_FOUND',
  NOT_ENOUGH_FUNDS: 'INSUFFICIENT_FUNDS',
  // MTN reports most insufficient-funds cases this way.
  INTERNAL_PROCESSING_ERROR: 'INSUFFICIENT_FUNDS',
  PAYER_LIMIT_REACHED: 'LIMIT_EXCEEDED',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'NOT_ALLOWED',
  NOT_ALLOWED: 'NOT_ALLOWED',
  PAYMENT_NOT_APPROVED: 'DECLINED',
  APPROVAL_REJECTED: 'DECLINED',
  TRANSACTION_CANCELED: 'DECLINED',
  EXPIRED: 'EXPIRED',
  // "The payer did not approve within 5 minutes".
  COULD_NOT_PERFORM_TRANSACTION: 'EXPIRED',
  INVALID_CURRENCY: 'INVALID_REQUEST',
  INVALID_CALLBACK_URL_HOST: 'INVALID_REQUEST',
  INVALID_PARAMETER: 'INVALID_REQUEST',
  INVALID_REFERENCE_ID: 'INVALID_REQUEST',
  SERVICE_UNAVAILABLE: 'OPERATOR_FAILED',
};

/** Reasons that mean "not decided yet" when they come with a status. */
const MTN_PENDING_REASONS = new Set(['ONGOING', 'PAYER_DELAYED']);

/** `reason` arrives as a string or as `{code, message}`. */
export function mtnReasonCode(reason: unknown): string | undefined {
  if (typeof reason === 'string') return reason;
  if (reason && typeof reason === 'object' && typeof (reason as { code?: unknown }).code === 'string') {
    return (reason as { code: string }).code;
  }
  return undefined;
}

export function mtnFailure(reasonCode: string | undefined, operatorMessage?: string): { failureCode: FailureCode; failureMessage: string } {
  const failureCode = (reasonCode && MTN_REASONS[reasonCode]) || 'OPERATOR_FAILED';
  const detail = reasonCode ? `MTN ${reasonCode}${operatorMessage ? `: ${operatorMessage}` : ''}` : undefined;
  return { failureCode, failureMessage: failureMessage(failureCode, detail) };
}

/** The answer to POST requesttopay / transfer / refund. */
export function mtnInitiationOutcome(response: OperatorResponse): InitiationOutcome {
  if (response.kind === 'not_sent') {
    const circuit = response.retryAfterSeconds !== undefined;
    return {
      kind: 'unavailable',
      retryAfterSeconds: response.retryAfterSeconds ?? 30,
      failureMessage: circuit ? 'MTN MoMo is unavailable; requests are paused while it recovers.' : 'MTN MoMo could not be reached.',
    };
  }
  if (response.kind === 'no_answer') return { kind: 'unknown', reason: 'timeout', detail: response.error };
  const { status, body, headers } = response;
  const parsed = parseJson(body);
  const code = stringAt(parsed, 'code');
  if (status === 202 || status === 200 || status === 201) return { kind: 'accepted' };
  // Our reference is already known to MTN: an earlier send got through. Go poll.
  if (status === 409 && code === 'RESOURCE_ALREADY_EXIST') return { kind: 'accepted' };
  if (status === 429) {
    return { kind: 'rate_limited', retryAfterSeconds: retryAfterSeconds(headers, 30), failureMessage: 'MTN MoMo is rate-limiting requests.' };
  }
  if (status === 503 || code === 'SERVICE_UNAVAILABLE') {
    return { kind: 'unavailable', retryAfterSeconds: retryAfterSeconds(headers, 30), failureMessage: 'MTN MoMo is temporarily unavailable.' };
  }
  // Our credentials or target environment were refused (after one token refresh): nothing was created.
  if (status === 401 || status === 403) {
    return { kind: 'unavailable', retryAfterSeconds: 60, failureMessage: 'MTN MoMo refused our credentials; the transaction was not sent.' };
  }
  if (code && MTN_REASONS[code]) {
    const { failureCode } = mtnFailure(code);
    return refusal(failureCode, `MTN ${code}${stringAt(parsed, 'message') ? `: ${stringAt(parsed, 'message')}` : ''}`);
  }
  if (status >= 400 && status < 500 && status !== 404 && status !== 408) {
    return refusal('INVALID_REQUEST', code ? `MTN ${code}` : `MTN HTTP ${status}`);
  }
  return { kind: 'unknown', reason: 'uninterpretable', detail: `HTTP ${status}: ${body.slice(0, 200)}` };
}

/** The answer to GET requesttopay/{id}, transfer/{id}, refund/{id}. */
export function mtnStatusOutcome(response: OperatorResponse): StatusOutcome {
  if (response.kind !== 'response') return { kind: 'unknown', detail: response.error };
  const parsed = parseJson(response.body);
  if (response.status === 404) return { kind: 'not_found' };
  if (response.status !== 200 || !parsed) return { kind: 'unknown', detail: `HTTP ${response.status}` };
  const providerRef = stringAt(parsed, 'financialTransactionId');
  const reason = mtnReasonCode(parsed.reason);
  const reasonMessage = parsed.reason && typeof parsed.reason === 'object' ? stringAt(parsed.reason as Record<string, unknown>, 'message') : undefined;
  switch (parsed.status) {
    case 'SUCCESSFUL':
      return { kind: 'final', status: 'succeeded', providerRef };
    case 'FAILED':
    case 'REJECTED':
    case 'TIMEOUT':
      if (reason && MTN_PENDING_REASONS.has(reason)) return { kind: 'pending' };
      return { kind: 'final', status: 'failed', providerRef, ...mtnFailure(reason ?? (parsed.status === 'TIMEOUT' ? 'EXPIRED' : undefined), reasonMessage) };
    case 'PENDING':
    case 'CREATED':
    case 'ONGOING':
      return { kind: 'pending' };
    default:
      return { kind: 'unknown', detail: `unexpected status ${String(parsed.status)}` };
  }
}
