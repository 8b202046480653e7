import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from '@momo/platform';

export const webhookAttempts = new Counter({
  name: 'momo_webhook_attempts_total',
  help: 'Webhook delivery attempts, by result (delivered, failed, abandoned).',
  labelNames: ['result'],
  registers: [metricsRegistry],
});

export const webhookAttemptSeconds = new Histogram({
  name: 'momo_webhook_attempt_duration_seconds',
  help: 'Time from the start of an attempt to the receiver answer (or the failure).',
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
  registers: [metricsRegistry],
});

export const webhookSweeps = new Counter({
  name: 'momo_webhook_sweeper_actions_total',
  help: 'Overdue deliveries the sweeper found, by what it did (queued: job lost; requeued: job finished without the attempt; promoted; present).',
  labelNames: ['action'],
  registers: [metricsRegistry],
});

export const webhookPostponed = new Counter({
  name: 'momo_webhook_postponed_total',
  help: 'Delivery jobs put back without an attempt, by reason (app_lane_full, not_due, leased).',
  labelNames: ['reason'],
  registers: [metricsRegistry],
});

export const webhookLaneErrors = new Counter({
  name: 'momo_webhook_lane_errors_total',
  help: 'Webhook lane commands Redis did not answer (the lane then counts as full: no attempt starts).',
  registers: [metricsRegistry],
});
