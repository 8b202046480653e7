import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What follows one piece of work across HTTP calls, queue hops and rows written for later: the
 * request id (always) and the W3C trace context (only while tracing is on). It travels in job data
 * under TRACE_FIELD, in headers on HTTP calls, and in `request_id`/`traceparent` columns of rows
 * that later work picks up (transactions, outbox events).
 */
export interface TraceCarrier {
  requestId?: string;
  traceparent?: string;
  tracestate?: string;
}

/** The key in every job's data that carries its TraceCarrier; stripped before payload validation. */
export const TRACE_FIELD = '_trace';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids we accept from a caller: short, printable, nothing that could break a log line or a header. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:@-]{8,128}$/;

export function acceptedRequestId(sent: unknown): string {
  return typeof sent === 'string' && WELL_FORMED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

const store = new AsyncLocalStorage<TraceCarrier>();

/** Runs `work` with `carrier` as the current request id (and, when tracing, the parent trace). */
export function runWithRequestId<T>(carrier: TraceCarrier, work: () => T): T {
  return store.run(carrier, work);
}

/** The request id of the work in progress, if it has one. */
export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

/** The raw stored carrier (request id and the trace context it was started with). */
export function currentStoredCarrier(): TraceCarrier | undefined {
  return store.getStore();
}

/** Reads a carrier from untrusted job data: only well-formed strings survive. */
export function carrierFrom(value: unknown): TraceCarrier | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  const carrier: TraceCarrier = {};
  if (typeof raw.requestId === 'string' && WELL_FORMED_REQUEST_ID.test(raw.requestId)) carrier.requestId = raw.requestId;
  if (typeof raw.traceparent === 'string' && raw.traceparent.length <= 128) carrier.traceparent = raw.traceparent;
  if (typeof raw.tracestate === 'string' && raw.tracestate.length <= 512) carrier.tracestate = raw.tracestate;
  return carrier.requestId || carrier.traceparent ? carrier : undefined;
}
