import type { ReceivedSpan } from '@momo/testing';

/** A moment in a POST's trace: the start or end of the first span a service made by that name. */
interface Moment {
  service: string;
  span: RegExp;
  edge: 'start' | 'end';
}

const at = (service: string, span: RegExp, edge: 'start' | 'end'): Moment => ({ service, span, edge });

/** The request itself: the gateway's server span (the adapter's and simulator's `POST` spans are other kinds or services). */
const REQUEST = /^POST$/;
/** The adapter's call that puts the payment before the operator: any operator call but a token or a status query. */
const INITIATION_CALL = /^operator \w+ (?!\S*(token|status))\S+$/;

/**
 * The way of `POST /v1/payments` from the gateway to the operator and back, as the moments the
 * services' spans mark, in order. Each hop runs from one moment to the next, so the hops of a
 * trace add up to its whole request.
 */
const MOMENTS: Moment[] = [
  at('api-gateway', REQUEST, 'start'),
  at('api-gateway', /idempotency_claim/, 'start'),
  at('api-gateway', /idempotency_claim/, 'end'),
  at('payments-core', /process create-payment$/, 'start'),
  at('payments-core', /send initiate-transaction$/, 'start'),
  at('operator-adapter', /process initiate-transaction$/, 'start'),
  at('operator-adapter', INITIATION_CALL, 'start'),
  at('operator-adapter', INITIATION_CALL, 'end'),
  at('operator-adapter', /process initiate-transaction$/, 'end'),
  at('payments-core', /set-initiation-states/, 'start'),
  at('payments-core', /set-initiation-states/, 'end'),
  at('api-gateway', /idempotency_complete/, 'start'),
  at('api-gateway', /idempotency_complete/, 'end'),
  at('api-gateway', REQUEST, 'end'),
];

/** What happens between consecutive moments, one label per hop. */
export const POST_HOPS = [
  'gateway: request read, key and body checked',
  'gateway: Idempotency-Key claim committed',
  'queue: create-payment to payments-core',
  'payments-core: fee read, pending row committed',
  'queue: initiate-transaction to operator-adapter',
  'operator-adapter: transaction read, request built',
  'operator: request to pay (HTTP to the simulator)',
  'operator-adapter: request log committed',
  'queue: reply to payments-core',
  'payments-core: initiation outcome committed',
  'queue: reply to the gateway',
  'gateway: answer stored',
  'gateway: response written',
] as const;

export interface HopFigures {
  label: string;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
}

export interface PostHops {
  /** POSTs whose gateway span arrived. */
  traces: number;
  /** Those with every moment present (a batch's statement shows in the trace of the call that flushed it only). */
  complete: number;
  hops: HopFigures[];
  /** The whole request, over the complete traces. */
  total: HopFigures;
}

/** Splits every `POST /v1/payments` trace among `spans` into its hops and summarises each hop. */
export function postHops(spans: readonly ReceivedSpan[]): PostHops {
  const byTrace = new Map<string, ReceivedSpan[]>();
  for (const span of spans) {
    const trace = byTrace.get(span.traceId);
    if (trace) trace.push(span);
    else byTrace.set(span.traceId, [span]);
  }
  const durations = POST_HOPS.map(() => [] as number[]);
  const totals: number[] = [];
  let traces = 0;
  for (const trace of byTrace.values()) {
    if (!trace.some(isPostRequest)) continue;
    traces++;
    const moments = MOMENTS.map((moment) => timeOf(trace, moment));
    if (moments.some((t) => t === undefined)) continue;
    const times = moments as number[];
    for (let hop = 0; hop < POST_HOPS.length; hop++) durations[hop].push(times[hop + 1] - times[hop]);
    totals.push(times[times.length - 1] - times[0]);
  }
  return {
    traces,
    complete: totals.length,
    hops: POST_HOPS.map((label, hop) => figures(label, durations[hop])),
    total: figures('whole request', totals),
  };
}

function isPostRequest(span: ReceivedSpan): boolean {
  return span.service === 'api-gateway' && span.kind === SERVER && REQUEST.test(span.name);
}

const SERVER = 2;

function timeOf(trace: ReceivedSpan[], moment: Moment): number | undefined {
  const span = trace
    .filter((s) => s.service === moment.service && moment.span.test(s.name) && (moment.span !== REQUEST || s.kind === SERVER))
    .sort((a, b) => a.startMs - b.startMs)[0];
  if (!span) return undefined;
  return moment.edge === 'start' ? span.startMs : span.endMs;
}

function figures(label: string, values: number[]): HopFigures {
  const sorted = [...values].sort((a, b) => a - b);
  const quantile = (q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]);
  const mean = sorted.length === 0 ? NaN : sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return { label, p50: quantile(0.5), p90: quantile(0.9), p99: quantile(0.99), mean };
}
