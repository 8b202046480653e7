/**
 * Our failure codes: what a merchant sees in `failure_code` and, for refusals at initiation, as
 * the error `code` with this HTTP status. Every operator outcome maps to one of these (see
 * mtn/mtn-outcomes.ts, airtel/airtel-outcomes.ts and docs/operator-outcomes.md).
 */
export const FAILURE_CODES = {
  PAYER_NOT_FOUND: { http: 400, message: 'The wallet does not exist or is not active.' },
  PAYEE_NOT_FOUND: { http: 400, message: 'The receiving wallet does not exist or is not active.' },
  INSUFFICIENT_FUNDS: { http: 409, message: 'The paying wallet does not have enough money.' },
  DECLINED: { http: 409, message: 'The customer declined the payment.' },
  EXPIRED: { http: 409, message: 'The customer did not answer the prompt in time.' },
  WRONG_PIN: { http: 409, message: 'The customer entered a wrong PIN.' },
  LIMIT_EXCEEDED: { http: 409, message: 'The amount is over a limit set by the network.' },
  NOT_ALLOWED: { http: 409, message: 'The network does not allow this transaction for this wallet.' },
  INVALID_REQUEST: { http: 400, message: 'The network rejected the request as invalid.' },
  REFUND_NOT_SUPPORTED: { http: 400, message: 'The network only refunds whole payments.' },
  REFUND_NOT_POSSIBLE: { http: 409, message: 'The network cannot refund this payment.' },
  NOT_RECEIVED: { http: 409, message: 'The network never received the transaction; no money moved.' },
  OPERATOR_FAILED: { http: 409, message: 'The network could not complete the transaction.' },
} as const;

export type FailureCode = keyof typeof FAILURE_CODES;

/** Our message, with what the operator said in brackets (it names limits, for one). */
export function failureMessage(code: FailureCode, detail?: string): string {
  const known = FAILURE_CODES[code].message;
  return detail ? `${known} (${detail})`.slice(0, 500) : known;
}

export function refusal(code: FailureCode, detail?: string) {
  return {
    kind: 'refused' as const,
    failureCode: code,
    failureMessage: failureMessage(code, detail),
    httpStatus: FAILURE_CODES[code].http as 400 | 409,
  };
}
