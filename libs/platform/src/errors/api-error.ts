import { ERROR_CODES, ErrorCode } from '@momo/contracts';

/**
 * An error whose code, HTTP status and message are safe to show a merchant.
 * Anything else thrown ends up as a 500 INTERNAL_ERROR with nothing internal in the body.
 */
export class ApiError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly code: ErrorCode | string,
    message?: string,
    readonly details?: Record<string, unknown>,
    httpStatus?: number,
    /** Seconds, sent as Retry-After on 429 and 503. */
    readonly retryAfterSeconds?: number,
  ) {
    const known = (ERROR_CODES as Record<string, { http: number; message: string }>)[code];
    super(message ?? known?.message ?? 'Request failed.');
    this.name = 'ApiError';
    this.httpStatus = httpStatus ?? known?.http ?? 500;
  }

  static of(code: ErrorCode, details?: Record<string, unknown>): ApiError {
    return new ApiError(code, undefined, details);
  }
}
