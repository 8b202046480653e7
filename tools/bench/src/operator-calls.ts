import { parsePrometheusText } from '@momo/platform';
import type { LocalStack } from '@momo/testing';

/**
 * The adapter's count of calls towards the operators by result since it started
 * (`momo_operator_calls_total`: answered, trouble, circuit_open, over_capacity), from each
 * replica's /metrics, summed. Calls the guard did not send are how a slow operator shows before
 * any log line does: a merchant then hears 503 OPERATOR_UNAVAILABLE.
 */
export async function operatorCallsByResult(stack: LocalStack): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (let replica = 0; replica < stack.replicas('operator-adapter'); replica++) {
    const text = await fetch(`${stack.managementUrl('operator-adapter', replica)}/metrics`).then((res) => res.text());
    for (const { name, labels, value } of parsePrometheusText(text)) {
      if (name === 'momo_operator_calls_total') totals[labels.result] = (totals[labels.result] ?? 0) + value;
    }
  }
  return totals;
}

export function describeOperatorCalls(totals: Record<string, number>): string {
  const entries = Object.entries(totals).sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0 ? 'none counted' : entries.map(([result, n]) => `${result} ${n}`).join(', ');
}
