import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, Dispatcher, errors, request } from 'undici';
import { OperatorLogRepository, OperatorRequestRecord } from '@momo/data';
import { currentRequestId, MicroBatcher, REQUEST_ID_HEADER, REQUEST_WRITE_LINGER_MS, SpanKind, traced, withTimeoutSignal } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { OperatorGuard } from '../operators/operator-guard';

export interface OperatorCall {
  network: string;
  mode: string;
  operation: string;
  transactionId: string | null;
  method: Dispatcher.HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export type OperatorResponse =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: string }
  /** Never reached the operator (connection refused, DNS, circuit open): safe to treat as "not received". */
  | { kind: 'not_sent'; error: string; retryAfterSeconds?: number }
  /** Sent, but no complete answer: the operator may or may not have acted on it. */
  | { kind: 'no_answer'; error: string };

/** The operator refused our access token, so it did nothing: the call may be sent again with a fresh one. */
export const unauthorized = (response: OperatorResponse) => response.kind === 'response' && response.status === 401;

/** What calls to one operator in one mode go through: its circuit breaker and in-flight bound, then its connections. */
interface OperatorLane {
  guard: OperatorGuard;
  agent: Agent;
}

/** Header values we never store or log. */
const SECRET_HEADERS = new Set(['authorization', 'ocp-apim-subscription-key', 'x-signature', 'x-key']);
/** Body fields we never store or log (Airtel's client secret and PIN, tokens in token answers). */
const SECRET_FIELDS = new Set(['client_secret', 'pin', 'access_token', 'refresh_token', 'password', 'api_key', 'apikey']);
const LOGGED_BODY_LIMIT = 8_192;

/**
 * Every HTTP exchange with an operator goes through here. Per operator and mode: a connection
 * pool with a bound on connections per host, a circuit breaker and a bound on calls in flight.
 * Every call has a timeout and a support log row in Postgres (secrets removed).
 */
@Injectable()
export class OperatorHttpClient implements OnApplicationShutdown {
  private readonly lanes = new Map<string, OperatorLane>();

  private readonly logBatcher: MicroBatcher<OperatorRequestRecord, undefined>;

  constructor(
    log: OperatorLogRepository,
    private readonly config: OperatorAdapterConfig,
  ) {
    this.logBatcher = new MicroBatcher(
      async (records) => {
        await log.recordRequests(records);
        return records.map(() => undefined);
      },
      { maxBatch: 200, maxConcurrentFlushes: 1, lingerWhenBusyMs: REQUEST_WRITE_LINGER_MS },
    );
  }

  async send(call: OperatorCall): Promise<OperatorResponse> {
    const started = Date.now();
    // The operator sees our request id (their support can quote it back); trace context is added by the undici instrumentation.
    const requestId = currentRequestId();
    if (requestId) call = { ...call, headers: { ...call.headers, [REQUEST_ID_HEADER]: requestId } };
    const response = await traced(
      `operator ${call.network} ${call.operation}`,
      SpanKind.CLIENT,
      { 'momo.operator': call.network, 'momo.mode': call.mode, 'momo.operation': call.operation },
      () => {
        const lane = this.laneOf(call);
        return lane.guard.run(() => this.exchange(call, lane.agent));
      },
    );
    // Logged before the answer is used, so support sees every exchange; batched across calls in flight.
    await this.logBatcher.submit({
      transactionId: call.transactionId,
      network: call.network,
      mode: call.mode,
      operation: call.operation,
      method: call.method,
      url: call.url,
      requestHeaders: redactHeaders(call.headers),
      requestBody: call.body === undefined ? null : redactBody(call.body),
      responseStatus: response.kind === 'response' ? response.status : null,
      responseBody: response.kind === 'response' ? redactBody(response.body) : null,
      error: response.kind === 'response' ? null : `${response.kind}: ${response.error}`,
      durationMs: Date.now() - started,
    });
    return response;
  }

  private async exchange(call: OperatorCall, agent: Agent): Promise<OperatorResponse> {
    try {
      return await withTimeoutSignal(this.config.OPERATOR_TIMEOUT_MS, async (signal) => {
        const res = await request(call.url, {
          dispatcher: agent,
          method: call.method,
          headers: call.headers,
          body: call.body,
          signal,
          headersTimeout: this.config.OPERATOR_TIMEOUT_MS,
          bodyTimeout: this.config.OPERATOR_TIMEOUT_MS,
        });
        const body = await res.body.text();
        return { kind: 'response', status: res.statusCode, headers: flattenHeaders(res.headers), body };
      });
    } catch (error) {
      return classifyFailure(error);
    }
  }

  /**
   * The guard and connection pool of one operator in one mode: a failing sandbox never opens the
   * live circuit, and in test mode, where both operators are one host (the simulator), neither
   * takes the other's connections.
   */
  private laneOf(call: { network: string; mode: string }): OperatorLane {
    const key = `${call.network}.${call.mode}`;
    let lane = this.lanes.get(key);
    if (!lane) {
      const c = this.config;
      lane = {
        guard: new OperatorGuard(key, {
          capacity: c.OPERATOR_MAX_IN_FLIGHT,
          errorThresholdPercentage: c.BREAKER_ERROR_PERCENT,
          volumeThreshold: c.BREAKER_VOLUME_THRESHOLD,
          rollingWindowMs: c.BREAKER_WINDOW_MS,
          resetTimeoutMs: c.BREAKER_RESET_MS,
        }),
        agent: new Agent({ connections: c.OPERATOR_MAX_CONNECTIONS ?? c.OPERATOR_MAX_IN_FLIGHT, keepAliveTimeout: 30_000 }),
      };
      this.lanes.set(key, lane);
    }
    return lane;
  }

  async onApplicationShutdown(): Promise<void> {
    for (const { guard } of this.lanes.values()) guard.shutdown();
    await Promise.all([...this.lanes.values()].map(({ agent }) => agent.close()));
  }
}

function classifyFailure(error: unknown): OperatorResponse {
  // undici's codes are strings; an aborted timeout is a DOMException whose numeric code means nothing here.
  const raw = (error as { code?: unknown }).code;
  const code = typeof raw === 'string' ? raw : (error as { name?: unknown }).name === 'TimeoutError' ? 'timeout' : '';
  const message = error instanceof Error ? error.message : String(error);
  const neverSent = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT'];
  if (neverSent.includes(code) || error instanceof errors.ConnectTimeoutError) return { kind: 'not_sent', error: code || message };
  return { kind: 'no_answer', error: code || message };
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? '[redacted]' : value;
  }
  return out;
}

/** Any of SECRET_FIELDS as a JSON key, in any case: a body without one has nothing to redact. */
const MAY_HOLD_SECRET = new RegExp(`"(${[...SECRET_FIELDS].join('|')})"\\s*:`, 'i');

/** A body as we may keep it: secret fields replaced, truncated for the support log. */
export function redactBody(body: string): string {
  // Most exchanges (request-to-pay, status answers) carry no secret field: keep them as sent,
  // unparsed. A \u escape could spell a key the pattern cannot see: those are parsed.
  if (!MAY_HOLD_SECRET.test(body) && !body.includes('\\u')) return body.slice(0, LOGGED_BODY_LIMIT);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body.slice(0, LOGGED_BODY_LIMIT);
  }
  return JSON.stringify(redactValue(parsed)).slice(0, LOGGED_BODY_LIMIT);
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, SECRET_FIELDS.has(key.toLowerCase()) ? '[redacted]' : redactValue(v)]),
  );
}
