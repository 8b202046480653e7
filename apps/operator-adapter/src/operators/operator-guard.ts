import CircuitBreaker from 'opossum';
import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '@momo/platform';
import type { OperatorResponse } from '../http/operator-http.client';
import { parseJson } from './wire';

export interface GuardOptions {
  /** Calls in flight at once towards this operator (beyond: refused at once, not queued). */
  capacity: number;
  /** Failure share over the rolling window that opens the circuit. */
  errorThresholdPercentage: number;
  /** Calls in the window before the share counts at all. */
  volumeThreshold: number;
  rollingWindowMs: number;
  /** How long the circuit stays open before one trial call. */
  resetTimeoutMs: number;
}

/** Guards alive in this process, by name (`mtn.live`), for the circuit gauge. */
const liveGuards = new Map<string, OperatorGuard>();

const operatorCalls = new Counter({
  name: 'momo_operator_calls_total',
  help: 'Calls towards each operator and mode, by result: answered (any answer, refusals included), trouble (silence, unreachable, 5xx without a reason), circuit_open and over_capacity (not sent).',
  labelNames: ['network', 'mode', 'result'],
  registers: [metricsRegistry],
});

new Gauge({
  name: 'momo_operator_circuit_open',
  help: '1 while the circuit towards an operator and mode is open (calls are not sent), else 0.',
  labelNames: ['network', 'mode'],
  registers: [metricsRegistry],
  collect() {
    for (const guard of liveGuards.values()) this.set(guard.labels, guard.isOpen ? 1 : 0);
  },
});

/**
 * The breaker's own rolling window (BREAKER_WINDOW_MS), read at scrape time: the recent error rate
 * the on-call console shows next to each circuit, from the numbers that decide whether it opens.
 */
for (const [name, help, pick] of [
  ['momo_operator_window_calls', 'Calls towards the operator within the breaker rolling window.', (s: CircuitBreaker.Stats) => s.fires],
  ['momo_operator_window_failures', 'Calls within the breaker rolling window that found the operator in trouble.', (s: CircuitBreaker.Stats) => s.failures],
  ['momo_operator_window_rejected', 'Calls within the breaker rolling window not sent (circuit open or too many in flight).', (s: CircuitBreaker.Stats) => s.rejects + s.semaphoreRejections],
] as const) {
  new Gauge({
    name,
    help,
    labelNames: ['network', 'mode'],
    registers: [metricsRegistry],
    collect() {
      for (const guard of liveGuards.values()) this.set(guard.labels, pick(guard.windowStats));
    },
  });
}

/** An exchange that says the operator is in trouble (it still goes back to the caller as it was). */
class TroubledExchange extends Error {
  constructor(readonly response: OperatorResponse) {
    super('operator exchange failed');
  }
}

/**
 * One operator in one mode: a circuit breaker (opossum) over every call to it, and a bound on
 * calls in flight. Refusals (4xx, MTN's 500 with a reason code) are answers, not failures: only
 * silence, unreachable hosts and 5xx without a reason open the circuit. While it is open, calls
 * are not sent: they come back as `not_sent` with the time left before the next trial.
 */
export class OperatorGuard {
  private readonly breaker: CircuitBreaker<[() => Promise<OperatorResponse>], OperatorResponse>;
  private openedAt = 0;
  /** Metric labels: the name is `<network>.<mode>`. */
  readonly labels: { network: string; mode: string };

  constructor(
    readonly name: string,
    private readonly options: GuardOptions,
  ) {
    const [network, mode = ''] = name.split('.');
    this.labels = { network, mode };
    this.breaker = new CircuitBreaker(
      async (send: () => Promise<OperatorResponse>) => {
        const response = await send();
        if (isTrouble(response)) throw new TroubledExchange(response);
        return response;
      },
      {
        name,
        timeout: false, // every exchange has its own timeout in the HTTP client
        capacity: options.capacity,
        errorThresholdPercentage: options.errorThresholdPercentage,
        volumeThreshold: options.volumeThreshold,
        rollingCountTimeout: options.rollingWindowMs,
        resetTimeout: options.resetTimeoutMs,
      },
    );
    this.breaker.on('open', () => (this.openedAt = Date.now()));
    liveGuards.set(name, this);
  }

  get windowStats(): CircuitBreaker.Stats {
    return this.breaker.stats;
  }

  get isOpen(): boolean {
    return this.breaker.opened;
  }

  async run(send: () => Promise<OperatorResponse>): Promise<OperatorResponse> {
    try {
      const response = await this.breaker.fire(send);
      this.count('answered');
      return response;
    } catch (error) {
      if (error instanceof TroubledExchange) {
        this.count('trouble');
        return error.response;
      }
      const code = (error as { code?: string }).code;
      if (code === 'EOPENBREAKER') {
        this.count('circuit_open');
        const left = this.openedAt + this.options.resetTimeoutMs - Date.now();
        return { kind: 'not_sent', error: 'circuit open', retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
      }
      if (code === 'ESEMLOCKED') {
        this.count('over_capacity');
        return { kind: 'not_sent', error: 'too many calls in flight', retryAfterSeconds: 1 };
      }
      throw error;
    }
  }

  shutdown(): void {
    this.breaker.shutdown();
    if (liveGuards.get(this.name) === this) liveGuards.delete(this.name);
  }

  private count(result: 'answered' | 'trouble' | 'circuit_open' | 'over_capacity'): void {
    operatorCalls.inc({ ...this.labels, result });
  }
}

/** Silence, an unreachable host, or a 5xx that is not an operator's reasoned refusal. */
export function isTrouble(response: OperatorResponse): boolean {
  if (response.kind !== 'response') return true;
  if (response.status < 500) return false;
  if (response.status === 500 && typeof parseJson(response.body)?.code === 'string') return false;
  return true;
}
