import { applyDecorators, Type } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiResponse } from '@nestjs/swagger';
import { ErrorEnvelopeSchema } from './schemas';

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { description: "The key's budget per minute for this kind of request.", schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the budget is full again.', schema: { type: 'integer' } },
};

/** On every answer, errors included. */
const REQUEST_ID_HEADER = {
  'X-Request-Id': { description: 'The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support.', schema: { type: 'string' } },
};

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind.',
  401: 'Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer).',
  403: 'Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key).',
  404: 'No such resource, or one that belongs to another app.',
  409: 'Conflict: insufficient balance, already refunded, Idempotency-Key in use, or a refusal by the network of the 409 kind.',
  413: 'Request body too large.',
  415: 'Request body is not JSON.',
  429: 'RATE_LIMITED: over the key\'s per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After.',
  502: 'The network gave an answer we could not interpret; retry with the same Idempotency-Key or read the transaction.',
  503: 'A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key).',
};

/** Error responses, all in the error envelope, with the rate-limit headers every authenticated answer carries. */
export function ApiErrors(...statuses: number[]) {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: ERROR_MEANINGS[status] ?? 'Error.',
        type: ErrorEnvelopeSchema,
        headers: {
          ...REQUEST_ID_HEADER,
          ...(status === 401 ? {} : RATE_LIMIT_HEADERS),
          ...(status === 429 || status === 503 ? { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } } : {}),
        },
      }),
    ),
  );
}

/** A success response with the rate-limit headers. */
export function ApiSuccess(status: number, type: Type<unknown>, description: string, extraHeaders: Record<string, { description: string; schema: object }> = {}) {
  return ApiResponse({ status, type, description, headers: { ...REQUEST_ID_HEADER, ...RATE_LIMIT_HEADERS, ...extraHeaders } });
}

/** Every /v1 endpoint: Bearer key; 400 (any parameter can hold invalid text), 401, 403, 429, 503 (an outage). */
export function ApiAuthenticated() {
  return applyDecorators(
    ApiBearerAuth(),
    ApiHeader({ name: 'X-Request-Id', required: false, description: 'Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates.' }),
    ApiErrors(400, 401, 403, 429, 503),
  );
}

/** POSTs that create something take an Idempotency-Key and may answer a replay. */
export function ApiIdempotent() {
  return applyDecorators(
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: 'Any 1-255 visible ASCII characters, unique per operation; reuse it to retry the same operation (kept 24 hours).',
    }),
    ApiErrors(400, 409, 413, 415),
  );
}

export const REPLAY_HEADER_DOC = {
  'Idempotent-Replayed': { description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } },
};
