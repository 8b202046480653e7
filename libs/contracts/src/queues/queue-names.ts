/**
 * Every BullMQ queue in the system. Names are stable: renaming one strands jobs in Redis.
 * BullMQ keys are `<prefix>:<queue>:…`; the prefix comes from configuration (QUEUE_PREFIX).
 */
export const QueueName = {
  /** api-gateway -> payments-core: commands that create transactions (request/reply). */
  PaymentCommands: 'payment-commands',
  /**
   * payments-core -> operator-adapter: send a transaction to its operator (request/reply). It
   * carries initiations only; the Redis name keeps its first spelling (see above).
   */
  OperatorInitiations: 'operator-requests',
  /** operator-adapter callbacks, reconciler -> operator-adapter: ask the operator for a status (paced). */
  OperatorStatusChecks: 'operator-status-checks',
  /** operator-adapter -> payments-core: a final status the operator confirmed, or its answer short of one to a reconciler's check. */
  OperatorResults: 'operator-results',
  /** payments-core outbox relay -> webhook-dispatcher: one domain event to announce. */
  WebhookEvents: 'webhook-events',
  /** webhook-dispatcher internal: one attempt at one delivery. */
  WebhookDeliveries: 'webhook-deliveries',
  /** reconciler internal: periodic sweeps (job schedulers). */
  Reconciliation: 'reconciliation',
  /** payments-core internal: settlement runs per mode (job schedulers, docs/settlement.md). */
  Settlement: 'settlement',
} as const;

export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const ALL_QUEUES: readonly QueueName[] = Object.values(QueueName);
