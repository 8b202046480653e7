/**
 * Every error code the merchant API answers with, its HTTP status and the default message.
 * Codes are stable: merchants branch on them. docs/errors.md renders this table.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { http: 400, message: 'The request is invalid; see details for each field.' },
  INVALID_JSON: { http: 400, message: 'The request body is not valid JSON.' },
  UNSUPPORTED_NETWORK: { http: 400, message: 'The phone number is not on a supported network (MTN 078/079, Airtel 072/073).' },
  MALFORMED_HTTP: { http: 400, message: 'The request is not well-formed HTTP.' },
  INVALID_URL: { http: 400, message: 'The request URL is not valid (for example, broken percent-encoding).' },
  INVALID_CURSOR: { http: 400, message: 'The cursor is not one this API returned; start again without it.' },
  REFUND_EXCEEDS_PAYMENT: { http: 400, message: 'The refund amount is larger than the payment.' },
  IDEMPOTENCY_KEY_INVALID: { http: 400, message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.' },
  IDEMPOTENCY_KEY_REUSED: { http: 400, message: 'This Idempotency-Key was already used with a different request body.' },
  UNAUTHENTICATED: { http: 401, message: 'Invalid or missing API key.' },
  ACCOUNT_KEY_NOT_ALLOWED: { http: 403, message: 'Account keys cannot move money or read transactions; use an app key (sk_...).' },
  APP_KEY_NOT_ALLOWED: { http: 403, message: 'App keys cannot manage the account; use an account key (ak_...).' },
  BUSINESS_NOT_VERIFIED: { http: 403, message: 'Live keys can only be used once the business is verified.' },
  APP_DISABLED: { http: 403, message: 'This app is disabled.' },
  LIVE_KEY_REQUIRED: { http: 403, message: 'This change affects live traffic; only a live account key (ak_live_...) can make it.' },
  ACCOUNT_SUSPENDED: { http: 403, message: 'This account is suspended.' },
  NOT_FOUND: { http: 404, message: 'No such resource.' },
  ROUTE_NOT_FOUND: { http: 404, message: 'No such endpoint.' },
  METHOD_NOT_ALLOWED: { http: 405, message: 'This method is not allowed on this endpoint.' },
  INSUFFICIENT_BALANCE: { http: 409, message: 'The balance does not cover the amount plus fee.' },
  ALREADY_REFUNDED: { http: 409, message: 'This payment already has a refund that is pending or succeeded.' },
  PAYMENT_NOT_REFUNDABLE: { http: 409, message: 'Only a succeeded cash in (direction collect) can be refunded.' },
  SETTLEMENT_WALLET_MISSING: { http: 409, message: 'No settlement wallet is registered for this mode; register one with PUT /v1/settlement-wallet (account key).' },
  IDEMPOTENCY_KEY_IN_USE: { http: 409, message: 'A request with this Idempotency-Key is still being processed.' },
  REQUEST_TIMEOUT: { http: 408, message: 'The request was not received in time.' },
  PAYLOAD_TOO_LARGE: { http: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, message: 'Request bodies must be JSON (Content-Type: application/json).' },
  REQUEST_HEADERS_TOO_LARGE: { http: 431, message: 'The URL and headers are too large (at most 16 KiB together).' },
  RATE_LIMITED: { http: 429, message: 'Too many requests; retry after the number of seconds in Retry-After.' },
  // Refusals by the mobile network at initiation keep their meaning (spec: Endpoints, rule 6);
  // the same codes appear as a failed transaction's failure_code. operator-adapter's
  // NETWORK_FAILURE_CODES (docs/operator-outcomes.md) are drawn from these entries; the gateway
  // answers a refusal with the status given here (payments-core and the adapter send codes only).
  PAYER_NOT_FOUND: { http: 400, message: 'The wallet does not exist or is not active.' },
  PAYEE_NOT_FOUND: { http: 400, message: 'The receiving wallet does not exist or is not active.' },
  INVALID_REQUEST: { http: 400, message: 'The network rejected the request as invalid.' },
  REFUND_NOT_SUPPORTED: { http: 400, message: 'The network only refunds whole payments.' },
  INSUFFICIENT_FUNDS: { http: 409, message: 'The paying wallet does not have enough money.' },
  DECLINED: { http: 409, message: 'The customer declined the payment.' },
  EXPIRED: { http: 409, message: 'The customer did not answer the prompt in time.' },
  WRONG_PIN: { http: 409, message: 'The customer entered a wrong PIN.' },
  LIMIT_EXCEEDED: { http: 409, message: 'The amount is over a limit set by the network.' },
  NOT_ALLOWED: { http: 409, message: 'The network does not allow this transaction for this wallet.' },
  REFUND_NOT_POSSIBLE: { http: 409, message: 'The network cannot refund this payment.' },
  // Only ever a failure_code (found out after the answer to the POST), never a POST's answer.
  NOT_RECEIVED: { http: 409, message: 'The network never received the transaction; no money moved.' },
  OPERATOR_FAILED: { http: 409, message: 'The network could not complete the transaction.' },
  // Given by the reconciler to a transaction the network has not resolved by its deadline (docs/durability.md).
  DEADLINE_EXCEEDED: { http: 409, message: 'The network gave no final answer before the deadline; the transaction is treated as not done.' },
  // Only ever a failure_code: the merchant's answer to the POST is RATE_LIMITED (details.limited_by "network").
  OPERATOR_RATE_LIMITED: { http: 429, message: 'The mobile network was rate-limiting requests; no money moved.' },
  INTERNAL_ERROR: { http: 500, message: 'Something went wrong on our side. It has been logged.' },
  OPERATOR_ERROR: { http: 502, message: 'The mobile network gave an answer we could not interpret; query the transaction or retry with the same Idempotency-Key.' },
  OPERATOR_UNAVAILABLE: { http: 503, message: 'The mobile network is briefly unavailable; retry after Retry-After.' },
  SERVICE_UNAVAILABLE: { http: 503, message: 'The service is briefly unavailable; retry with the same Idempotency-Key after Retry-After.' },
} as const satisfies Record<string, { http: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The code's message, with what the network said (or why we decided) in brackets. */
export function errorMessage(code: ErrorCode, detail?: string): string {
  const known = ERROR_CODES[code].message;
  return detail ? `${known} (${detail})`.slice(0, 500) : known;
}
