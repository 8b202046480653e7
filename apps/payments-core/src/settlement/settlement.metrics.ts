import { Counter } from 'prom-client';
import { metricsRegistry } from '@momo/platform';

export const reconciliationExceptions = new Counter({
  name: 'momo_reconciliation_exceptions_total',
  help: 'Operator answers that contradict a status already final (never applied; need a human).',
  labelNames: ['kind'],
  registers: [metricsRegistry],
});

export const settledTransactions = new Counter({
  name: 'momo_transactions_settled_total',
  help: 'Transactions that reached a final status.',
  labelNames: ['direction', 'status'],
  registers: [metricsRegistry],
});
