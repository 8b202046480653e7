/**
 * Our failure codes: what a merchant sees in `failure_code` and, for refusals at initiation, as
 * the error `code`. Every operator reason maps to one of these (see the operator outcome tables
 * and docs/operator-outcomes.md).
 */
export const FAILURE_CODES = {
  PAYER_NOT_FOUND: { http: 400, message: 'The wallet does not exist or is not active.' },
  INSUFFICIENT_FUNDS: { http: 409, message: 'The customer does not have enough money in the wallet.' },
  DECLINED: { http: 409, message: 'The customer declined the payment.' },
  EXPIRED: { http: 409, message: 'The customer did not answer the prompt in time.' },
  WRONG_PIN: { http: 409, message: 'The customer entered a wrong PIN.' },
  LIMIT_EXCEEDED: { http: 409, message: 'The amount is over a limit set by the network.' },
  NOT_ALLOWED: { http: 409, message: 'The network does not allow this transaction for this wallet.' },
  INVALID_REQUEST: { http: 400, message: 'The network rejected the request as invalid.' },
  OPERATOR_FAILED: { http: 409, message: 'The network could not complete the transaction.' },
} as const;

export type FailureCode = keyof typeof FAILURE_CODES;

export function refusal(code: FailureCode, detail?: string) {
  const known = FAILURE_CODES[code];
  return {
    kind: 'refused' as const,
    failureCode: code,
    failureMessage: detail ? `${known.message} (${detail})` : known.message,
    httpStatus: known.http as 400 | 409,
  };
}
