import { parsePrometheusText, Sample } from '@momo/platform';
import type { LocalStack } from '@momo/testing';

/** Every sample on the adapter's /metrics since it started, every replica's. Read once, then counted below. */
export async function adapterSamples(stack: LocalStack): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let replica = 0; replica < stack.replicas('operator-adapter'); replica++) {
    const text = await fetch(`${stack.managementUrl('operator-adapter', replica)}/metrics`).then((res) => res.text());
    samples.push(...parsePrometheusText(text));
  }
  return samples;
}

/** One counter summed over replicas by the labels named (their values joined by a space). */
function countBy(samples: Sample[], metric: string, labels: string[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const sample of samples) {
    if (sample.name !== metric) continue;
    const key = labels.map((label) => sample.labels[label]).join(' ');
    totals[key] = (totals[key] ?? 0) + sample.value;
  }
  return totals;
}

/**
 * The adapter's calls towards the operators by result (`momo_operator_calls_total`: answered,
 * trouble, circuit_open, over_capacity). Calls the guard did not send are how a slow operator
 * shows before any log line does: a merchant then hears 503 OPERATOR_UNAVAILABLE.
 */
export function operatorCallsByResult(samples: Sample[]): Record<string, number> {
  return countBy(samples, 'momo_operator_calls_total', ['result']);
}

/**
 * The adapter's status checks by reason and answer (`momo_operator_status_checks_total`): how
 * many callbacks' checks got no answer, how many of those their rechecks finished
 * (`callback_recheck final`), and how many were left to the reconciler.
 */
export function statusChecksByReason(samples: Sample[]): Record<string, number> {
  return countBy(samples, 'momo_operator_status_checks_total', ['reason', 'answer']);
}

export function describeCounts(totals: Record<string, number>): string {
  const entries = Object.entries(totals).sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0 ? 'none counted' : entries.map(([key, n]) => `${key} ${n}`).join(', ');
}
