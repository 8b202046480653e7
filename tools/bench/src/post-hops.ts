import type { ReceivedSpan } from '@momo/testing';
import { quantile } from './quantile';

/** A moment in a POST's trace: the start or end of the first span a service made by that name (and of that kind, when given). */
interface Moment {
  service: string;
  span: RegExp;
  kind?: number;
  edge: 'start' | 'end';
}

const SERVER = 2;

const at = (service: string, span: RegExp, edge: 'start' | 'end'): Moment => ({ service, span, edge });

/** The request itself: the gateway's server span (the adapter's HTTP client span is named `POST` too). */
const REQUEST = { service: 'api-gateway', span: /^POST$/, kind: SERVER } as const;
/** The adapter's call that puts the payment before the operator: any operator call but a token or a status query. */
const INITIATION_CALL = /^operator \w+ (?!\S*(token|status))\S+$/;

/**
 * The way of `POST /v1/payments` from the gateway to the operator and back: from the request's
 * start, each hop runs to the moment its spans mark, so the hops of a trace add up to the whole
 * request. Since steps 43 and 44 the gateway writes nothing on the way: payments-core claims the
 * Idempotency-Key in the pending row's insert and stores the answer with the initiation's outcome.
 */
const HOPS: { label: string; until: Moment }[] = [
  { label: 'gateway: request read, key and body checked', until: at('api-gateway', /send create-payment$/, 'start') },
  { label: 'queue: create-payment to payments-core', until: at('payments-core', /process create-payment$/, 'start') },
  { label: 'payments-core: pending row and key claim, priced and committed', until: at('payments-core', /send initiate-transaction$/, 'start') },
  { label: 'queue: initiate-transaction to operator-adapter', until: at('operator-adapter', /process initiate-transaction$/, 'start') },
  { label: 'operator-adapter: request built (a payout or refund read first)', until: at('operator-adapter', INITIATION_CALL, 'start') },
  { label: 'operator: request to pay (HTTP to the simulator)', until: at('operator-adapter', INITIATION_CALL, 'end') },
  { label: 'operator-adapter: request log committed', until: at('operator-adapter', /process initiate-transaction$/, 'end') },
  { label: 'queue: reply to payments-core', until: at('payments-core', /set-initiation-states/, 'start') },
  { label: 'payments-core: initiation outcome and answer committed', until: at('payments-core', /set-initiation-states/, 'end') },
  { label: 'queue: reply to the gateway, response written', until: { ...REQUEST, edge: 'end' } },
];

const MOMENTS: Moment[] = [{ ...REQUEST, edge: 'start' }, ...HOPS.map((hop) => hop.until)];

/** What happens between consecutive moments, one label per hop. */
export const POST_HOPS = HOPS.map((hop) => hop.label);

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
  /**
   * Each moment some traces lacked, with how many: a moment no trace has means the services'
   * spans changed and HOPS must follow them.
   */
  missing: { moment: string; traces: number }[];
  hops: HopFigures[];
  /** The whole request, over the complete traces. */
  total: HopFigures;
  /** The slowest complete traces, slowest first: when each started and how long each hop took. */
  slowest: SlowPost[];
}

export interface SlowPost {
  traceId: string;
  startMs: number;
  totalMs: number;
  /** One duration per hop, in POST_HOPS' order. */
  hopMs: number[];
}

/** Splits every `POST /v1/payments` trace among `spans` into its hops and summarises each hop. */
export function postHops(spans: readonly ReceivedSpan[], slowestCount = 0): PostHops {
  const byTrace = new Map<string, ReceivedSpan[]>();
  for (const span of spans) {
    const trace = byTrace.get(span.traceId);
    if (trace) trace.push(span);
    else byTrace.set(span.traceId, [span]);
  }
  const durations = POST_HOPS.map(() => [] as number[]);
  const complete: SlowPost[] = [];
  const lacking = MOMENTS.map(() => 0);
  let traces = 0;
  for (const trace of byTrace.values()) {
    if (!trace.some((span) => matches(span, REQUEST))) continue;
    traces++;
    const moments = MOMENTS.map((moment) => timeOf(trace, moment));
    moments.forEach((t, i) => t === undefined && lacking[i]++);
    if (moments.some((t) => t === undefined)) continue;
    const times = moments as number[];
    const hopMs = POST_HOPS.map((_, hop) => times[hop + 1] - times[hop]);
    hopMs.forEach((ms, hop) => durations[hop].push(ms));
    complete.push({ traceId: trace[0].traceId, startMs: times[0], totalMs: times[times.length - 1] - times[0], hopMs });
  }
  return {
    traces,
    complete: complete.length,
    missing: MOMENTS.flatMap((moment, i) => (lacking[i] ? [{ moment: describeMoment(moment), traces: lacking[i] }] : [])),
    hops: POST_HOPS.map((label, hop) => figures(label, durations[hop])),
    total: figures('whole request', complete.map((post) => post.totalMs)),
    slowest: complete.sort((a, b) => b.totalMs - a.totalMs).slice(0, slowestCount),
  };
}

function describeMoment(moment: Moment): string {
  return `${moment.edge} of ${moment.service}'s span ${moment.span.source}`;
}

function matches(span: ReceivedSpan, moment: Omit<Moment, 'edge'>): boolean {
  return span.service === moment.service && moment.span.test(span.name) && (moment.kind === undefined || span.kind === moment.kind);
}

function timeOf(trace: ReceivedSpan[], moment: Moment): number | undefined {
  const span = trace.filter((s) => matches(s, moment)).sort((a, b) => a.startMs - b.startMs)[0];
  if (!span) return undefined;
  return moment.edge === 'start' ? span.startMs : span.endMs;
}

function figures(label: string, values: number[]): HopFigures {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.length === 0 ? NaN : sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return { label, p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99), mean };
}
