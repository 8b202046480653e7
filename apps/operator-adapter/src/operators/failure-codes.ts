import { ERROR_CODES, errorMessage } from '@momo/contracts';

/**
 * Our failure codes: what a merchant sees in `failure_code` and, for refusals at initiation, as
 * the error `code`. Every operator outcome maps to one of these (see mtn/mtn-outcomes.ts,
 * airtel/airtel-outcomes.ts and docs/operator-outcomes.md). Each is an ERROR_CODES entry, whose
 * message we use and whose HTTP status the gateway answers with (the adapter decides none).
 */
export const NETWORK_FAILURE_CODES = [
  'PAYER_NOT_FOUND',
  'PAYEE_NOT_FOUND',
  'INSUFFICIENT_FUNDS',
  'DECLINED',
  'EXPIRED',
  'WRONG_PIN',
  'LIMIT_EXCEEDED',
  'NOT_ALLOWED',
  'INVALID_REQUEST',
  'REFUND_NOT_SUPPORTED',
  'REFUND_NOT_POSSIBLE',
  'NOT_RECEIVED',
  'OPERATOR_FAILED',
  'DEADLINE_EXCEEDED',
] as const satisfies readonly (keyof typeof ERROR_CODES)[];

export type FailureCode = (typeof NETWORK_FAILURE_CODES)[number];

/** Our message, with what the operator said in brackets (it names limits, for one). */
export function failureMessage(code: FailureCode, detail?: string): string {
  return errorMessage(code, detail);
}

export function refusal(code: FailureCode, detail?: string) {
  return {
    kind: 'refused' as const,
    failureCode: code,
    failureMessage: failureMessage(code, detail),
  };
}
