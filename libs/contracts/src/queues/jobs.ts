import { ClassConstructor } from 'class-transformer';
import {
  CheckTransactionStatusJob,
  CreateCashInCommand,
  CreatePayoutCommand,
  CreateRefundCommand,
  DeliverWebhookJob,
  InitiateTransactionJob,
  OperatorResultJob,
  ReconciliationSweepJob,
  SettlementRunJob,
  UnresolvedAnswerJob,
  WebhookEventJob,
} from './payloads';
import { QueueName } from './queue-names';
import { CommandReply, InitiationOutcome } from './replies';

/**
 * The one map from job name to its queue, payload class and reply type. Producers and consumers
 * both go through it, so a payload change is a compile error on both sides.
 */
export const JOBS = {
  'create-payment': { queue: QueueName.PaymentCommands, payload: CreateCashInCommand },
  'create-payout': { queue: QueueName.PaymentCommands, payload: CreatePayoutCommand },
  'create-refund': { queue: QueueName.PaymentCommands, payload: CreateRefundCommand },
  'initiate-transaction': { queue: QueueName.OperatorInitiations, payload: InitiateTransactionJob },
  'check-transaction-status': { queue: QueueName.OperatorStatusChecks, payload: CheckTransactionStatusJob },
  'apply-operator-result': { queue: QueueName.OperatorResults, payload: OperatorResultJob },
  'apply-unresolved-answer': { queue: QueueName.OperatorResults, payload: UnresolvedAnswerJob },
  'publish-webhook-event': { queue: QueueName.WebhookEvents, payload: WebhookEventJob },
  'deliver-webhook': { queue: QueueName.WebhookDeliveries, payload: DeliverWebhookJob },
  'reconciliation-sweep': { queue: QueueName.Reconciliation, payload: ReconciliationSweepJob },
  'settlement-run': { queue: QueueName.Settlement, payload: SettlementRunJob },
} as const satisfies Record<string, { queue: QueueName; payload: ClassConstructor<object> }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = InstanceType<(typeof JOBS)[N]['payload']>;
export type JobsOfQueue<Q extends QueueName> = {
  [N in JobName]: (typeof JOBS)[N]['queue'] extends Q ? N : never;
}[JobName];

/** What a request/reply job returns to the caller waiting on it. */
export interface JobReplies {
  'create-payment': CommandReply;
  'create-payout': CommandReply;
  'create-refund': CommandReply;
  'initiate-transaction': InitiationOutcome;
  'check-transaction-status': void;
  'apply-operator-result': void;
  'apply-unresolved-answer': void;
  'publish-webhook-event': void;
  'deliver-webhook': void;
  'reconciliation-sweep': void;
  'settlement-run': void;
}
export type JobReply<N extends JobName> = JobReplies[N];
