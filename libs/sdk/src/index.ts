/**
 * @momo/sdk: the merchant SDK for the mobile-money gateway. Types come from the gateway's own
 * OpenAPI document (src/generated/openapi.ts); requests follow the specification's client retry
 * rules; webhooks are verified and deduplicated by the service's receiver helper.
 */
export { Momo, ENDPOINT_METHODS } from './client';
export { MomoApiError, MomoConnectionError, MomoError } from './errors';
export { HttpClient, SDK_VERSION } from './http/http-client';
export type { ApiAnswer, ApiRequest, MomoClientOptions, RequestOptions, RetryInfo } from './http/http-client';
export { PageList } from './http/pagination';
export type { Page } from './http/pagination';
export { parseRetryAfter, retryDelayMs, shouldRetry } from './http/retry-policy';
export type * from './http/types';
export type { components, paths } from './generated/openapi';
export * from './webhooks';
