import { ApiError } from '@momo/platform';

/**
 * The dashboard API's own error codes, beside the merchant API's ERROR_CODES (which it also
 * answers with: NOT_FOUND, VALIDATION_FAILED, APP_DISABLED, ACCOUNT_SUSPENDED,
 * BUSINESS_NOT_VERIFIED…). docs/dashboard.md lists them.
 */
export const DASHBOARD_ERRORS = {
  SIGN_IN_REQUIRED: { http: 401, message: 'Sign in to continue.' },
  SIGN_IN_FAILED: { http: 401, message: 'The e-mail address or password is wrong.' },
  ACCOUNT_LOCKED: { http: 423, message: 'Too many failed sign-ins: this account is locked for a while. Try again later.' },
  SIGN_IN_THROTTLED: { http: 429, message: 'Too many failed sign-ins from this address; try again later.' },
  CSRF_TOKEN_INVALID: { http: 403, message: 'The request lacks a valid CSRF token; reload the page and try again.' },
  ROLE_FORBIDDEN: { http: 403, message: 'Your role does not allow this.' },
  MODE_NOT_ALLOWED: { http: 403, message: 'You do not have access to this mode.' },
  INVITATION_INVALID: { http: 400, message: 'This invitation link is not valid: it was used already or it has expired.' },
  EMAIL_TAKEN: { http: 409, message: 'A dashboard user with this e-mail address already exists.' },
  LAST_OWNER: { http: 409, message: 'A merchant keeps at least one active owner.' },
  TEST_MODE_ONLY: { http: 403, message: 'Test payments and payouts exist only in test mode.' },
} as const;

export type DashboardErrorCode = keyof typeof DASHBOARD_ERRORS;

export function dashboardError(code: DashboardErrorCode, details?: Record<string, unknown>, retryAfterSeconds?: number): ApiError {
  const { http, message } = DASHBOARD_ERRORS[code];
  return new ApiError(code, message, details, http, retryAfterSeconds);
}
