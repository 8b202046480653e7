import { Counter } from 'prom-client';
import { metricsRegistry } from '@momo/platform';

/** Every such answer, repeats included; the exceptions they open are counted once each (momo_reconciliation_exceptions_raised_total). */
export const contradictingOperatorAnswers = new Counter({
  name: 'momo_contradicting_operator_answers_total',
  help: 'Operator answers that contradict a status already final, repeats included (never applied; each opens or joins a reconciliation exception).',
  labelNames: ['kind'],
  registers: [metricsRegistry],
});

export const settledTransactions = new Counter({
  name: 'momo_transactions_settled_total',
  help: 'Transactions that reached a final status.',
  labelNames: ['direction', 'status'],
  registers: [metricsRegistry],
});
