import { randomUUID } from 'node:crypto';
import { MomoApiError, MomoConnectionError } from '../errors';
import { AttemptResult, parseRetryAfter, retryDelayMs, RetrySafety, shouldRetry } from './retry-policy';

export interface MomoClientOptions {
  /** An app key (`sk_test_…`, `sk_live_…`) or account key (`ak_…`). */
  apiKey: string;
  /** Default `http://127.0.0.1:3000` (the local development stack); with or without `/v1`. */
  baseUrl?: string;
  /** Per attempt, in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Retries after the first attempt (default 3: waits of 1, 2 and 4 seconds). */
  maxRetries?: number;
  /** First backoff delay (default 1000 ms); doubles on each retry. */
  retryBaseDelayMs?: number;
  /** Longest wait between attempts, Retry-After included (default 60 000 ms). */
  maxRetryDelayMs?: number;
  /** Called before each retry: for logs and progress output. */
  onRetry?: (info: RetryInfo) => void | Promise<void>;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: typeof fetch;
  userAgent?: string;
}

export interface RetryInfo {
  method: string;
  path: string;
  /** The retry about to be made: 1, 2, 3… */
  attempt: number;
  delayMs: number;
  status?: number;
  code?: string;
  timedOut?: boolean;
  idempotencyKey?: string;
}

/** Per call. */
export interface RequestOptions {
  /** For money operations: your own key for this operation; by default the SDK makes one. */
  idempotencyKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** The path after the base URL, starting with /v1/. */
  path: string;
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  body?: unknown;
  /** Money operations and app creation: sent with an Idempotency-Key, the same on every attempt. */
  idempotent?: boolean;
  /** Unsafe requests (no key, not naturally idempotent) are retried only where the server did nothing. */
  safety?: RetrySafety;
  /** Answers that are not JSON (a CSV statement): the body is the text as sent, asked for with this Accept. */
  textAs?: string;
  options?: RequestOptions;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
  requestId: string;
  idempotencyKey?: string;
}

export const SDK_VERSION = '0.1.0';

/** Sends requests with the specification's retry rules and turns error envelopes into MomoApiError. */
export class HttpClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: MomoClientOptions) {
    if (!options.apiKey) throw new TypeError('apiKey is required');
    this.baseUrl = (options.baseUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, '').replace(/\/v1$/, '');
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** The mode of the key, read from its prefix. */
  get mode(): 'test' | 'live' {
    return /^(sk|ak)_live_/.test(this.options.apiKey) ? 'live' : 'test';
  }

  async request<T>(request: ApiRequest): Promise<ApiAnswer<T>> {
    const idempotencyKey = request.idempotent ? (request.options?.idempotencyKey ?? randomUUID()) : undefined;
    const safety: RetrySafety = request.safety ?? (request.method === 'GET' || request.idempotent ? 'idempotent' : 'unsafe');
    const maxRetries = this.options.maxRetries ?? 3;
    const url = this.url(request);
    for (let attempt = 1; ; attempt++) {
      const requestId = randomUUID();
      const outcome = await this.attempt<T>(request, url, idempotencyKey, requestId);
      const result: AttemptResult =
        outcome.kind === 'answer'
          ? { status: outcome.answer.status }
          : outcome.kind === 'api-error'
            ? { status: outcome.error.status, code: outcome.error.code, retryAfterSeconds: outcome.error.retryAfter }
            : { timedOut: outcome.error.timedOut };
      if (outcome.kind === 'answer') return outcome.answer;
      if (request.options?.signal?.aborted || !shouldRetry(result, safety, attempt, maxRetries)) throw outcome.error;
      const delayMs = retryDelayMs(result, attempt, this.options.retryBaseDelayMs ?? 1000, this.options.maxRetryDelayMs ?? 60_000);
      await this.options.onRetry?.({ method: request.method, path: request.path, attempt, delayMs, ...result, idempotencyKey });
      await sleep(delayMs, request.options?.signal);
    }
  }

  private url(request: ApiRequest): URL {
    const url = new URL(this.baseUrl + request.path);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value === undefined) continue;
      url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
    }
    return url;
  }

  private async attempt<T>(
    request: ApiRequest,
    url: URL,
    idempotencyKey: string | undefined,
    requestId: string,
  ): Promise<{ kind: 'answer'; answer: ApiAnswer<T> } | { kind: 'api-error'; error: MomoApiError } | { kind: 'no-answer'; error: MomoConnectionError }> {
    const timeoutMs = request.options?.timeoutMs ?? this.options.timeoutMs ?? 30_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.options?.signal ? AbortSignal.any([timeout, request.options.signal]) : timeout;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: request.textAs ?? 'application/json',
      'user-agent': this.options.userAgent ?? `momo-sdk-node/${SDK_VERSION}`,
      'x-request-id': requestId,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      const timedOut = timeout.aborted;
      const message = timedOut
        ? `${request.method} ${request.path}: no answer within ${timeoutMs} ms`
        : `${request.method} ${request.path}: ${describeConnectionError(error)}`;
      return { kind: 'no-answer', error: new MomoConnectionError(message, requestId, timedOut, idempotencyKey, error) };
    }
    const answeredId = response.headers.get('x-request-id') ?? requestId;
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (response.ok) return { kind: 'answer', answer: { status: response.status, body: (request.textAs ? text : body) as T, headers: response.headers, requestId: answeredId, idempotencyKey } };
    const envelope = (body ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
    return {
      kind: 'api-error',
      error: new MomoApiError(
        response.status,
        typeof envelope.code === 'string' ? envelope.code : `HTTP_${response.status}`,
        typeof envelope.message === 'string' ? envelope.message : `${request.method} ${request.path} answered ${response.status}${text && body === undefined ? `: ${text.slice(0, 200)}` : ''}`,
        envelope.details && typeof envelope.details === 'object' ? (envelope.details as Record<string, unknown>) : undefined,
        answeredId,
        parseRetryAfter(response.headers.get('retry-after')),
        idempotencyKey,
      ),
    };
  }
}

function describeConnectionError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused (is the gateway running at this address?)';
  if (cause?.code) return `connection failed (${cause.code})`;
  if (cause?.message) return `connection failed (${cause.message})`;
  return error instanceof Error ? error.message : String(error);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
