import { Gauge } from 'prom-client';
import { metricsRegistry } from '@momo/platform';

/** What each guard tells the metrics: its circuit state and its rolling-window counts. */
export interface GuardSnapshot {
  network: string;
  mode: string;
  /** 0 closed, 1 half-open (one trial call allowed), 2 open (nothing sent). */
  state: 0 | 1 | 2;
  calls: number;
  failures: number;
  rejected: number;
}

const sources = new Set<() => GuardSnapshot>();

/** Registers a guard's snapshot for scrapes; returns the function that unregisters it. */
export function watchGuard(snapshot: () => GuardSnapshot): () => void {
  sources.add(snapshot);
  return () => sources.delete(snapshot);
}

function each(set: (s: GuardSnapshot) => void): void {
  for (const source of sources) set(source());
}

/**
 * Read at scrape time from the breakers themselves, so the numbers are the breaker's own view:
 * what on-call (the console, alerts) sees is what decides whether calls are sent.
 */
new Gauge({
  name: 'momo_operator_circuit_state',
  help: "Circuit breaker state per operator and mode: 0 closed, 1 half-open, 2 open (calls are not sent).",
  labelNames: ['network', 'mode'],
  registers: [metricsRegistry],
  collect() {
    this.reset();
    each((s) => this.set({ network: s.network, mode: s.mode }, s.state));
  },
});

new Gauge({
  name: 'momo_operator_window_calls',
  help: 'Calls to the operator within the breaker rolling window (BREAKER_WINDOW_MS).',
  labelNames: ['network', 'mode'],
  registers: [metricsRegistry],
  collect() {
    this.reset();
    each((s) => this.set({ network: s.network, mode: s.mode }, s.calls));
  },
});

new Gauge({
  name: 'momo_operator_window_failures',
  help: 'Calls within the breaker rolling window that found the operator in trouble (silence, unreachable, 5xx without a reason).',
  labelNames: ['network', 'mode'],
  registers: [metricsRegistry],
  collect() {
    this.reset();
    each((s) => this.set({ network: s.network, mode: s.mode }, s.failures));
  },
});

new Gauge({
  name: 'momo_operator_window_rejected',
  help: 'Calls within the breaker rolling window not sent because the circuit was open or too many were in flight.',
  labelNames: ['network', 'mode'],
  registers: [metricsRegistry],
  collect() {
    this.reset();
    each((s) => this.set({ network: s.network, mode: s.mode }, s.rejected));
  },
});
