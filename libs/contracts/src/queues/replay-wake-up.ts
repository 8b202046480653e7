import { DeliverWebhookJob } from './payloads';
import { JobIds } from './job-ids';

/** What a replay knows of the delivery it recorded. */
export interface ReplayedDelivery {
  id: string;
  appId: string;
  attemptCount: number;
  replayCount: number;
}

/**
 * The `deliver-webhook` job that wakes the dispatcher for a replay already recorded in Postgres
 * (by the merchant's API, the dashboard or the console). Only a wake-up call: if it cannot be
 * queued, the dispatcher's sweeper finds the delivery due anyway.
 */
export function replayWakeUp(delivery: ReplayedDelivery): { payload: DeliverWebhookJob; options: { jobId: string } } {
  return {
    payload: { deliveryId: delivery.id, appId: delivery.appId, attempt: delivery.attemptCount + 1 },
    options: { jobId: JobIds.webhookReplay(delivery.id, delivery.replayCount) },
  };
}
