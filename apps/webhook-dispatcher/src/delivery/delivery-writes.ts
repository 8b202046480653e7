import { Injectable } from '@nestjs/common';
import { AttemptToRecord, NewDeliveryOutcome, RecordedAttempt, WebhookDeliveriesRepository } from '@momo/data';
import { MicroBatcher } from '@momo/platform';

/**
 * The two writes every delivery makes (create-and-claim, record the attempt), each shared by all
 * the attempts in flight through group commit, so Postgres round trips do not grow with load.
 */
@Injectable()
export class DeliveryWrites {
  private readonly creations: MicroBatcher<{ eventId: string; now: Date; leaseUntil: Date }, NewDeliveryOutcome>;
  private readonly records: MicroBatcher<AttemptToRecord, RecordedAttempt | null>;

  constructor(webhooks: WebhookDeliveriesRepository) {
    // One statement of each kind in flight at a time: the writes that arrive meanwhile wait at
    // most one statement and go out together. Measured at 200 deliveries/s: 0.55 commits per
    // delivery instead of 1.33 with two in flight, for the same dispatcher CPU.
    const oneInFlight = { maxBatch: 200, maxConcurrentFlushes: 1 };
    this.creations = new MicroBatcher((items) => webhooks.createDeliveriesForEvents(items), oneInFlight);
    this.records = new MicroBatcher((items) => webhooks.recordAttempts(items), oneInFlight);
  }

  createForEvent(eventId: string, now: Date, leaseUntil: Date): Promise<NewDeliveryOutcome> {
    return this.creations.submit({ eventId, now, leaseUntil });
  }

  record(item: AttemptToRecord): Promise<RecordedAttempt | null> {
    return this.records.submit(item);
  }
}
