import { InitiationOutcome } from '@momo/contracts';
import { OperatorResponse } from '../http/operator-http.client';
import { FailureCode, failureMessage, refusal } from '../operators/failure-codes';
import { StatusOutcome } from '../operators/operator-connector';
import { objectAt, parseJson, retryAfterSeconds, stringAt } from '../operators/wire';

/**
 * What an Airtel response code means. `success`/`pending`/`duplicate`: the request is with
 * Airtel; `not_found`: Airtel has no such transaction; `credentials`: Airtel refused us (our PIN),
 * nothing was done; `failure`: a refusal with our failure code.
 */
export type AirtelVerdict = 'success' | 'pending' | 'duplicate' | 'not_found' | 'credentials' | 'failure';

export interface AirtelCode {
  meaning: string;
  verdict: AirtelVerdict;
  failureCode?: FailureCode;
}

/**
 * Airtel response codes (DP008… collections, DP009… disbursements) -> our outcome: the one table
 * (docs/operator-outcomes.md renders it and a test keeps the two equal). "assumed" codes are not
 * in the public material; they follow the numbering of their counterpart. Unlisted codes are
 * never read as a refusal: an unknown code at initiation leaves the transaction pending (502),
 * and a final TF with an unknown code fails as OPERATOR_FAILED.
 */
export const AIRTEL_CODES: Record<string, AirtelCode> = {
  DP00800001000: { meaning: 'ambiguous: enquire again', verdict: 'pending' },
  DP00800001001: { meaning: 'success', verdict: 'success' },
  DP00800001002: { meaning: 'incorrect PIN', verdict: 'failure', failureCode: 'WRONG_PIN' },
  DP00800001003: { meaning: 'exceeds a withdrawal amount limit', verdict: 'failure', failureCode: 'LIMIT_EXCEEDED' },
  DP00800001004: { meaning: 'invalid amount', verdict: 'failure', failureCode: 'INVALID_REQUEST' },
  DP00800001006: { meaning: 'in process', verdict: 'pending' },
  DP00800001007: { meaning: 'not enough balance', verdict: 'failure', failureCode: 'INSUFFICIENT_FUNDS' },
  DP00800001008: { meaning: 'refused', verdict: 'failure', failureCode: 'DECLINED' },
  DP00800001010: { meaning: 'transaction not permitted to payee', verdict: 'failure', failureCode: 'NOT_ALLOWED' },
  DP00800001024: { meaning: 'transaction timed out (no answer to the prompt)', verdict: 'failure', failureCode: 'EXPIRED' },
  DP00800001025: { meaning: 'transaction not found', verdict: 'not_found' },
  DP00800001029: { meaning: 'transaction expired', verdict: 'failure', failureCode: 'EXPIRED' },
  DP00900001000: { meaning: 'ambiguous: enquire again', verdict: 'pending' },
  DP00900001001: { meaning: 'success', verdict: 'success' },
  DP00900001002: { meaning: 'invalid PIN (ours) (assumed)', verdict: 'credentials' },
  DP00900001003: { meaning: 'exceeds a limit (assumed)', verdict: 'failure', failureCode: 'LIMIT_EXCEEDED' },
  DP00900001006: { meaning: 'in process (assumed)', verdict: 'pending' },
  DP00900001007: { meaning: 'not enough balance', verdict: 'failure', failureCode: 'INSUFFICIENT_FUNDS' },
  DP00900001013: { meaning: 'refused', verdict: 'failure', failureCode: 'NOT_ALLOWED' },
  DP00900001014: { meaning: 'transaction timed out', verdict: 'failure', failureCode: 'OPERATOR_FAILED' },
  DP00900001015: { meaning: 'transaction not found', verdict: 'not_found' },
  DP00900001017: { meaning: 'duplicate transaction id: already received', verdict: 'duplicate' },
};

interface AirtelAnswer {
  success: boolean | undefined;
  responseCode: string | undefined;
  message: string | undefined;
  transaction: Record<string, unknown> | undefined;
}

/** Airtel's verdict is in the body, even on HTTP 200. */
export function readAirtelAnswer(body: string): AirtelAnswer | undefined {
  const parsed = parseJson(body);
  if (!parsed) return undefined;
  const status = objectAt(parsed, 'status');
  const success = status?.success;
  return {
    success: typeof success === 'boolean' ? success : success === 'true' ? true : success === 'false' ? false : undefined,
    responseCode: stringAt(status, 'response_code'),
    message: stringAt(status, 'message'),
    transaction: objectAt(parsed, 'data', 'transaction'),
  };
}

function detailOf(answer: AirtelAnswer): string {
  return `Airtel ${answer.responseCode ?? 'no code'}${answer.message ? `: ${answer.message}` : ''}`;
}

export interface AirtelInitiation {
  outcome: InitiationOutcome;
  /** Airtel sometimes answers a disbursement or refund with its final status at once. */
  confirmed?: StatusOutcome & { kind: 'final' };
}

/** The answer to POST merchant/v1/payments, standard/v1/disbursements, standard/v1/payments/refund. */
export function airtelInitiationOutcome(response: OperatorResponse, notFound: FailureCode = 'INVALID_REQUEST'): AirtelInitiation {
  if (response.kind === 'not_sent') {
    const circuit = response.retryAfterSeconds !== undefined;
    return {
      outcome: {
        kind: 'unavailable',
        retryAfterSeconds: response.retryAfterSeconds ?? 30,
        failureMessage: circuit ? 'Airtel Money is unavailable; requests are paused while it recovers.' : 'Airtel Money could not be reached.',
      },
    };
  }
  if (response.kind === 'no_answer') return { outcome: { kind: 'unknown', reason: 'timeout', detail: response.error } };
  const { status, headers, body } = response;
  if (status === 429) {
    return { outcome: { kind: 'rate_limited', retryAfterSeconds: retryAfterSeconds(headers, 30), failureMessage: 'Airtel Money is rate-limiting requests.' } };
  }
  if (status === 503) {
    return { outcome: { kind: 'unavailable', retryAfterSeconds: retryAfterSeconds(headers, 30), failureMessage: 'Airtel Money is temporarily unavailable.' } };
  }
  if (status === 401 || status === 403) return { outcome: credentialsRefused() };
  const answer = readAirtelAnswer(body);
  if (!answer) {
    if (status >= 400 && status < 500) return { outcome: refusal('INVALID_REQUEST', `Airtel HTTP ${status}`) };
    return { outcome: { kind: 'unknown', reason: 'uninterpretable', detail: `HTTP ${status}: ${body.slice(0, 200)}` } };
  }
  const known = answer.responseCode ? AIRTEL_CODES[answer.responseCode] : undefined;
  const providerRef = stringAt(answer.transaction, 'airtel_money_id');
  switch (known?.verdict) {
    case 'success':
    case 'pending':
    case 'duplicate': {
      const txStatus = stringAt(answer.transaction, 'status')?.toUpperCase();
      const finalNow = known.verdict === 'success' && (txStatus === 'TS' || txStatus === 'SUCCESS');
      return {
        outcome: { kind: 'accepted', providerRef },
        confirmed: finalNow ? { kind: 'final', status: 'succeeded', providerRef } : undefined,
      };
    }
    case 'failure':
      return { outcome: refusal(known.failureCode ?? 'OPERATOR_FAILED', detailOf(answer)) };
    case 'not_found':
      return { outcome: refusal(notFound, detailOf(answer)) };
    case 'credentials':
      return { outcome: credentialsRefused() };
  }
  if (status >= 400 && status < 500) return { outcome: refusal('INVALID_REQUEST', detailOf(answer)) };
  if (answer.success === true && status === 200) return { outcome: { kind: 'accepted', providerRef } };
  return { outcome: { kind: 'unknown', reason: 'uninterpretable', detail: `HTTP ${status}: ${detailOf(answer)}` } };
}

/** The answer to GET standard/v1/payments/{id} and standard/v1/disbursements/{id}. */
export function airtelStatusOutcome(response: OperatorResponse): StatusOutcome {
  if (response.kind !== 'response') return { kind: 'unknown', detail: response.error };
  if (response.status === 404) return { kind: 'not_found' };
  const answer = response.status === 200 ? readAirtelAnswer(response.body) : undefined;
  if (!answer) return { kind: 'unknown', detail: `HTTP ${response.status}` };
  const known = answer.responseCode ? AIRTEL_CODES[answer.responseCode] : undefined;
  if (known?.verdict === 'not_found') return { kind: 'not_found' };
  const providerRef = stringAt(answer.transaction, 'airtel_money_id');
  switch (stringAt(answer.transaction, 'status')?.toUpperCase()) {
    case 'TS':
      return { kind: 'final', status: 'succeeded', providerRef };
    case 'TF': {
      const failureCode = known?.verdict === 'failure' && known.failureCode ? known.failureCode : 'OPERATOR_FAILED';
      const txMessage = stringAt(answer.transaction, 'message');
      const detail = `Airtel ${answer.responseCode ?? 'TF'}${txMessage ? `: ${txMessage}` : ''}`;
      return { kind: 'final', status: 'failed', providerRef, failureCode, failureMessage: failureMessage(failureCode, detail) };
    }
    case 'TIP':
    case 'TA':
      return { kind: 'pending' };
    default:
      return { kind: 'unknown', detail: `unexpected answer: ${detailOf(answer)}` };
  }
}

/**
 * A refund's status: Airtel has no refund enquiry, and refunds a payment only once, so the
 * refund request itself is asked again; its answer is the refund's status.
 */
export function airtelRefundStatusOutcome(initiation: AirtelInitiation): StatusOutcome {
  if (initiation.confirmed) return initiation.confirmed;
  const outcome = initiation.outcome;
  if (outcome.kind === 'refused') {
    return { kind: 'final', status: 'failed', failureCode: outcome.failureCode, failureMessage: outcome.failureMessage };
  }
  if (outcome.kind === 'accepted') return { kind: 'pending' };
  return { kind: 'unknown', detail: outcome.kind === 'unknown' ? outcome.detail : outcome.failureMessage };
}

function credentialsRefused(): InitiationOutcome {
  return { kind: 'unavailable', retryAfterSeconds: 60, failureMessage: 'Airtel Money refused our credentials; the transaction was not sent.' };
}
