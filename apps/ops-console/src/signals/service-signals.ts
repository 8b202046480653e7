import { Injectable, Logger } from '@nestjs/common';
import { request } from 'undici';
import { OpsConsoleConfig } from '../ops-console.config';
import { parsePrometheusText, Sample } from '@momo/platform';

export interface BreakerView {
  network: string;
  mode: string;
  state: 'closed' | 'open';
  calls: number;
  failures: number;
  rejected: number;
  /** Failures over calls in the breaker's rolling window; null with no calls. */
  errorRate: number | null;
}

export interface InvariantView {
  name: string;
  violations: number;
}

export type Signal<T> = { ok: true; value: T } | { ok: false; error: string };


/**
 * What the services themselves report on their management ports, read as they serve it (no
 * second copy of the logic): operator-adapter's circuit breakers and recent error rates, the
 * reconciler's last invariant check.
 */
@Injectable()
export class ServiceSignals {
  private readonly logger = new Logger(ServiceSignals.name);

  constructor(private readonly config: OpsConsoleConfig) {}

  async breakers(): Promise<Signal<BreakerView[]>> {
    const scraped = await this.scrape(this.config.OPERATOR_ADAPTER_METRICS_URL);
    if (!scraped.ok) return scraped;
    const key = (s: Sample) => `${s.labels.network}.${s.labels.mode}`;
    const views = new Map<string, BreakerView>();
    for (const s of scraped.value) {
      if (s.name !== 'momo_operator_circuit_open' && !s.name.startsWith('momo_operator_window_')) continue;
      const view = views.get(key(s)) ?? { network: s.labels.network, mode: s.labels.mode, state: 'closed', calls: 0, failures: 0, rejected: 0, errorRate: null };
      if (s.name === 'momo_operator_circuit_open') view.state = s.value >= 1 ? 'open' : 'closed';
      if (s.name === 'momo_operator_window_calls') view.calls = s.value;
      if (s.name === 'momo_operator_window_failures') view.failures = s.value;
      if (s.name === 'momo_operator_window_rejected') view.rejected = s.value;
      views.set(key(s), view);
    }
    for (const view of views.values()) view.errorRate = view.calls > 0 ? view.failures / view.calls : null;
    return { ok: true, value: [...views.values()].sort((a, b) => key2(a).localeCompare(key2(b))) };
  }

  async invariants(): Promise<Signal<{ checkedAt: Date | null; results: InvariantView[] }>> {
    const scraped = await this.scrape(this.config.RECONCILER_METRICS_URL);
    if (!scraped.ok) return scraped;
    const results = scraped.value.filter((s) => s.name === 'momo_invariant_violations').map((s) => ({ name: s.labels.invariant ?? '?', violations: s.value }));
    const at = scraped.value.find((s) => s.name === 'momo_invariant_check_timestamp_seconds')?.value;
    return { ok: true, value: { checkedAt: at ? new Date(at * 1000) : null, results } };
  }

  private async scrape(url: string): Promise<Signal<Sample[]>> {
    try {
      const res = await request(url, { signal: AbortSignal.timeout(2_000), headersTimeout: 2_000, bodyTimeout: 2_000 });
      const text = await res.body.text();
      if (res.statusCode !== 200) return { ok: false, error: `${new URL(url).host} answered ${res.statusCode}` };
      return { ok: true, value: parsePrometheusText(text) };
    } catch (error) {
      this.logger.warn({ url, err: error }, 'cannot read service metrics');
      return { ok: false, error: `${new URL(url).host} did not answer` };
    }
  }
}

function key2(v: BreakerView): string {
  return `${v.network}.${v.mode}`;
}
