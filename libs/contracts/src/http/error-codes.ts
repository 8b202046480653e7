/**
 * Every error code the merchant API answers with, its HTTP status and the default message.
 * Codes are stable: merchants branch on them. docs/errors.md renders this table.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { http: 400, message: 'The request is invalid; see details for each field.' },
  INVALID_JSON: { http: 400, message: 'The request body is not valid JSON.' },
  UNSUPPORTED_NETWORK: { http: 400, message: 'The phone number is not on a supported network (MTN 078/079, Airtel 072/073).' },
  IDEMPOTENCY_KEY_REUSED: { http: 400, message: 'This Idempotency-Key was already used with a different request body.' },
  UNAUTHENTICATED: { http: 401, message: 'Invalid or missing API key.' },
  ACCOUNT_KEY_NOT_ALLOWED: { http: 403, message: 'Account keys cannot call money endpoints; use an app key.' },
  APP_KEY_NOT_ALLOWED: { http: 403, message: 'App keys cannot call account endpoints; use an account key.' },
  BUSINESS_NOT_VERIFIED: { http: 403, message: 'Live keys can only be used once the business is verified.' },
  APP_DISABLED: { http: 403, message: 'This app is disabled.' },
  ACCOUNT_SUSPENDED: { http: 403, message: 'This account is suspended.' },
  NOT_FOUND: { http: 404, message: 'No such resource.' },
  ROUTE_NOT_FOUND: { http: 404, message: 'No such endpoint.' },
  METHOD_NOT_ALLOWED: { http: 405, message: 'This method is not allowed on this endpoint.' },
  INSUFFICIENT_BALANCE: { http: 409, message: 'The balance does not cover the amount plus fee.' },
  IDEMPOTENCY_KEY_IN_USE: { http: 409, message: 'A request with this Idempotency-Key is still being processed.' },
  PAYLOAD_TOO_LARGE: { http: 413, message: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, message: 'Request bodies must be JSON (Content-Type: application/json).' },
  RATE_LIMITED: { http: 429, message: 'Too many requests; retry after the number of seconds in Retry-After.' },
  OPERATOR_RATE_LIMITED: { http: 429, message: 'The mobile network is rate-limiting requests; retry after Retry-After.' },
  INTERNAL_ERROR: { http: 500, message: 'Something went wrong on our side. It has been logged.' },
  OPERATOR_ERROR: { http: 502, message: 'The mobile network gave an answer we could not interpret; query the transaction or retry with the same Idempotency-Key.' },
  OPERATOR_UNAVAILABLE: { http: 503, message: 'The mobile network is briefly unavailable; retry after Retry-After.' },
  SERVICE_UNAVAILABLE: { http: 503, message: 'The service is briefly unavailable; retry with the same Idempotency-Key after Retry-After.' },
} as const satisfies Record<string, { http: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
