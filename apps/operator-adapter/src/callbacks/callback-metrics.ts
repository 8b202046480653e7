import { Counter } from 'prom-client';
import { metricsRegistry } from '@momo/platform';

/**
 * Callbacks that were answered but not kept: ones that match no transaction of that network
 * (junk, probes, another environment's), and ones beyond the per-transaction cap. Counting them
 * instead of storing them keeps the callback log bounded whatever is sent to the public port.
 */
export const callbacksNotStored = new Counter({
  name: 'momo_operator_callbacks_not_stored_total',
  help: 'Operator callbacks answered but not stored, by network and reason (unknown_transaction, over_cap).',
  labelNames: ['network', 'reason'],
  registers: [metricsRegistry],
});
