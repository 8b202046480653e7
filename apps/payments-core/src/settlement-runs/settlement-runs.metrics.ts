import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '@momo/platform';

export const settledCashIns = new Counter({
  name: 'momo_cash_ins_settled_total',
  help: 'Succeeded cash ins a settlement run moved from pending to available balance.',
  labelNames: ['mode'],
  registers: [metricsRegistry],
});

export const settlementRunsCompleted = new Counter({
  name: 'momo_settlement_runs_completed_total',
  help: 'Settlement runs completed (one per mode and period; a resumed run counts when it completes).',
  labelNames: ['mode'],
  registers: [metricsRegistry],
});

export const lastSettlementRun = new Gauge({
  name: 'momo_settlement_last_run_timestamp_seconds',
  help: 'When a settlement run last completed, per mode (unix seconds); alert if it falls behind the schedule.',
  labelNames: ['mode'],
  registers: [metricsRegistry],
});
