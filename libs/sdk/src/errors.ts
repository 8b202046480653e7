/** Everything the SDK throws is a MomoError: an answer from the API, or no answer at all. */
export class MomoError extends Error {
  constructor(
    message: string,
    /** The request id: the gateway's `X-Request-Id` answer header, or the one the SDK sent. */
    readonly requestId: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The API answered with an error envelope (`{"status":"error","message","timestamp","code","details"?}`). */
export class MomoApiError extends MomoError {
  constructor(
    readonly status: number,
    /** Stable, upper snake case (docs/errors.md), e.g. `INSUFFICIENT_BALANCE`. */
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | undefined,
    requestId: string,
    /** Seconds, from the `Retry-After` header (429, 503, and 409 `IDEMPOTENCY_KEY_IN_USE`). */
    readonly retryAfter: number | undefined,
    /** The Idempotency-Key sent, for money operations: retry with it, or read the transaction. */
    readonly idempotencyKey: string | undefined,
  ) {
    super(message, requestId);
  }
}

/**
 * No answer: the connection failed, or the request timed out. For a money operation the outcome
 * is unknown: retry with `idempotencyKey` (the SDK already did, as many times as allowed) or
 * read the transaction.
 */
export class MomoConnectionError extends MomoError {
  constructor(
    message: string,
    requestId: string,
    readonly timedOut: boolean,
    readonly idempotencyKey: string | undefined,
    override readonly cause?: unknown,
  ) {
    super(message, requestId);
  }
}
