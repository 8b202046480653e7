import { parsePrometheusText } from '@momo/platform';
import type { LocalStack } from '@momo/testing';

/** One of the adapter's counters since it started, from each replica's /metrics, summed by the labels named (joined by a space). */
async function adapterCounter(stack: LocalStack, metric: string, labels: string[]): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (let replica = 0; replica < stack.replicas('operator-adapter'); replica++) {
    const text = await fetch(`${stack.managementUrl('operator-adapter', replica)}/metrics`).then((res) => res.text());
    for (const sample of parsePrometheusText(text)) {
      if (sample.name !== metric) continue;
      const key = labels.map((label) => sample.labels[label]).join(' ');
      totals[key] = (totals[key] ?? 0) + sample.value;
    }
  }
  return totals;
}

/**
 * The adapter's count of calls towards the operators by result since it started
 * (`momo_operator_calls_total`: answered, trouble, circuit_open, over_capacity). Calls the guard
 * did not send are how a slow operator shows before any log line does: a merchant then hears 503
 * OPERATOR_UNAVAILABLE.
 */
export function operatorCallsByResult(stack: LocalStack): Promise<Record<string, number>> {
  return adapterCounter(stack, 'momo_operator_calls_total', ['result']);
}

/**
 * The adapter's status checks by reason and answer since it started
 * (`momo_operator_status_checks_total`): how many callbacks' checks got no answer, how many of
 * those their rechecks finished (`callback_recheck final`), and how many were left to the reconciler.
 */
export function statusChecksByReason(stack: LocalStack): Promise<Record<string, number>> {
  return adapterCounter(stack, 'momo_operator_status_checks_total', ['reason', 'answer']);
}

export function describeCounts(totals: Record<string, number>): string {
  const entries = Object.entries(totals).sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0 ? 'none counted' : entries.map(([key, n]) => `${key} ${n}`).join(', ');
}
