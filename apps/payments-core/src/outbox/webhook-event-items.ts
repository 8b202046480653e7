import { JobIds, QueueName } from '@momo/contracts';
import { BatchedCall, carrierForHop, TraceCarrier } from '@momo/platform';

/**
 * One outbox event as an item of a `publish-webhook-event` batch job (the relay's and the
 * sweeper's): named as its own job would be, continuing its payment's trace.
 */
export function webhookEventItem({ id, trace }: { id: string; trace?: TraceCarrier }): BatchedCall {
  return { jobId: JobIds.webhookEvent(id), payload: { eventId: id }, trace: carrierForHop(QueueName.WebhookEvents, 'publish-webhook-event', trace) };
}
