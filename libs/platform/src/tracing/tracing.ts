import { context, propagation, Span, SpanKind, SpanStatusCode, trace, Tracer } from '@opentelemetry/api';
import { currentStoredCarrier, runWithRequestId, TraceCarrier } from './trace-context';

/**
 * OpenTelemetry, on only when an OTLP endpoint is configured. Off, nothing of the SDK is loaded
 * and every helper here is a branch on one boolean: the payment hot path pays for making a
 * request id and nothing else.
 */
let tracer: Tracer | undefined;
let shutdownTracing: (() => Promise<void>) | undefined;

export function tracingEnabled(): boolean {
  return tracer !== undefined;
}

export interface TracingSettings {
  serviceName: string;
  /** OTLP/HTTP base URL (the exporter appends /v1/traces), e.g. http://otel-collector:4318 */
  endpoint: string;
}

/**
 * Starts the SDK: HTTP server/client, undici (fetch and the operator client) and pg spans, W3C
 * propagation, batched OTLP/HTTP export. Must run before the first Postgres connection is made
 * (TypeORM loads `pg` when its data source starts), so runService calls it before building the app.
 */
export function startTracing(settings: TracingSettings): void {
  if (tracer) return;
  // Loaded here, not at the top: with tracing off none of this is ever required.
  const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { BatchSpanProcessor } = require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { registerInstrumentations } = require('@opentelemetry/instrumentation') as typeof import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/+$/, '')}/v1/traces` }), {
        scheduledDelayMillis: 1_000,
      }),
    ],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes are not part of any payment's story.
        ignoreIncomingRequestHook: (req) => /^\/(health|metrics)/.test(req.url ?? ''),
      }),
      new UndiciInstrumentation(),
      // Only queries inside a request or job: the pollers' idle queries would drown the traces.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  // `http` was loaded before the hooks were in place; requiring it again lets them patch it.
  require('node:http');
  require('node:https');
  tracer = trace.getTracer('momo');
  shutdownTracing = () => provider.shutdown();
}

/** Flushes and stops the exporter (graceful shutdown). */
export async function stopTracing(): Promise<void> {
  await shutdownTracing?.();
}

/**
 * The carrier to hand to the next hop: the current request id plus, while tracing, the active
 * span's context (so the next hop's spans are its children).
 */
export function currentCarrier(): TraceCarrier | undefined {
  const stored = currentStoredCarrier();
  if (!tracer) return stored;
  const injected: Record<string, string> = {};
  propagation.inject(context.active(), injected);
  if (!injected.traceparent) return stored;
  return { requestId: stored?.requestId, traceparent: injected.traceparent, tracestate: injected.tracestate };
}

/**
 * The carrier for one queue hop. While tracing, a short PRODUCER span marks the send (a child of
 * `explicit` when given, else of the active span) and the next hop becomes its child; off, the
 * carrier passes through untouched.
 */
export function carrierForHop(queue: string, jobName: string, explicit: TraceCarrier | undefined): TraceCarrier | undefined {
  if (!tracer) return explicit ?? currentStoredCarrier();
  const spanName = `${queue} send ${jobName}`;
  const base = explicit ?? currentCarrier();
  const parent = explicit?.traceparent ? extractContext(explicit) : context.active();
  const span = tracer.startSpan(spanName, { kind: SpanKind.PRODUCER }, parent);
  const injected: Record<string, string> = {};
  propagation.inject(trace.setSpan(parent, span), injected);
  span.end();
  return { requestId: base?.requestId, traceparent: injected.traceparent, tracestate: injected.tracestate };
}

function extractContext(carrier: TraceCarrier) {
  return propagation.extract(context.active(), { traceparent: carrier.traceparent, ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) });
}

/**
 * Runs `work` as a continuation of `carrier`: its request id becomes current and, while tracing,
 * inside a span that is a child of the carried trace context.
 */
export function continueTrace<T>(carrier: TraceCarrier | undefined, spanName: string, kind: SpanKind, work: () => Promise<T>): Promise<T> {
  const run = () => (tracer ? inSpan(carrier, spanName, kind, work) : work());
  return carrier ? runWithRequestId(carrier, run) : run();
}

/** A span around `work` in the current trace (operator calls and the like); just `work()` when off. */
export function traced<T>(spanName: string, kind: SpanKind, attributes: Record<string, string>, work: () => Promise<T>): Promise<T> {
  if (!tracer) return work();
  return tracer.startActiveSpan(spanName, { kind, attributes }, (span) => finish(span, work));
}

function inSpan<T>(carrier: TraceCarrier | undefined, spanName: string, kind: SpanKind, work: () => Promise<T>): Promise<T> {
  const parent = carrier?.traceparent ? extractContext(carrier) : context.active();
  const attributes = carrier?.requestId ? { 'momo.request_id': carrier.requestId } : {};
  return tracer!.startActiveSpan(spanName, { kind, attributes }, parent, (span) => finish(span, work));
}

async function finish<T>(span: Span, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/** The current trace id, for log lines (undefined when tracing is off). */
export function currentTraceId(): string | undefined {
  if (!tracer) return undefined;
  const id = trace.getActiveSpan()?.spanContext().traceId;
  return id && id !== '00000000000000000000000000000000' ? id : undefined;
}

export { SpanKind };
