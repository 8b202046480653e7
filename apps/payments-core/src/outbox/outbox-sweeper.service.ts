import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { JobIds } from '@momo/contracts';
import { OutboxConsumptionRepository, UnconsumedEvent } from '@momo/data';
import { JobProducer, metricsRegistry, newBatchJobId, PeriodicSchedule, PeriodicTask } from '@momo/platform';
import { PaymentsCoreConfig } from '../payments-core.config';
import { webhookEventItem } from './webhook-event-items';

const outboxSweeps = new Counter({
  name: 'momo_outbox_sweeper_events_total',
  help: 'Published outbox events the sweeper examined, by what it found: consumed (the dispatcher has it), queued (its job is still waiting), republished (its job was lost or failed for good).',
  labelNames: ['result'],
  registers: [metricsRegistry],
});

export interface SweepResult {
  consumed: number;
  queued: number;
  republished: number;
}

/**
 * Closes the gap between "published" and "the dispatcher has it". The relay marks an event
 * published once its job is in Redis; if Redis then loses the job (flush, restart without
 * persistence) or the job fails for good, no delivery row is ever made and nothing else would
 * notice. The sweeper looks at events published a while ago and not yet seen consumed:
 * - its delivery row exists, or its app has no webhook URL, or its job completed: consumed,
 *   marked so and never looked at again;
 * - its job (the batch job the relay published it in; for an event published by an earlier
 *   release, a job of its own) is still waiting, delayed or running: a backlog, looked at again
 *   next round;
 * - its job is gone or failed: published again, the events of a round together as a new batch
 *   job whose id they keep (the dispatcher dedupes on the event and app, so a second delivery row
 *   is impossible even if two sweeps publish one event).
 * It runs on a timer in every payments-core process (not as a queue job, so a flushed Redis
 * cannot stop it); concurrent sweeps are harmless.
 */
@Injectable()
export class OutboxSweeper extends PeriodicTask<SweepResult> {
  protected readonly failureMessage = 'outbox sweep failed; retrying next round';

  constructor(
    private readonly consumption: OutboxConsumptionRepository,
    private readonly producer: JobProducer,
    private readonly config: PaymentsCoreConfig,
  ) {
    super();
  }

  protected schedule(): PeriodicSchedule {
    return { everyMs: this.config.OUTBOX_SWEEP_INTERVAL_MS };
  }

  /** One round (never two at once in this process). */
  sweep(): Promise<SweepResult> {
    return this.run();
  }

  protected async tick(): Promise<SweepResult> {
    const total: SweepResult = { consumed: 0, queued: 0, republished: 0 };
    const batchSize = this.config.OUTBOX_SWEEP_BATCH;
    let after: UnconsumedEvent['position'] | undefined;
    for (;;) {
      const batch = await this.consumption.unconsumed(this.config.OUTBOX_SWEEP_GRACE_MS, batchSize, after);
      after = batch.at(-1)?.position;
      const consumed = batch.filter((e) => e.taken).map((e) => e.id);
      const untaken = batch.filter((e) => !e.taken);
      const states = await this.producer.states('publish-webhook-event', [...new Set(untaken.map(jobOf))]);
      const lost: string[] = [];
      for (const event of untaken) {
        const state = states.get(jobOf(event));
        if (state === 'completed') consumed.push(event.id);
        else if (state === 'failed' || state === 'unknown') lost.push(event.id);
        else total.queued++;
      }
      await this.republish(lost);
      total.republished += lost.length;
      await this.consumption.markConsumed(consumed);
      total.consumed += consumed.length;
      if (batch.length < batchSize) break;
    }
    outboxSweeps.inc({ result: 'consumed' }, total.consumed);
    outboxSweeps.inc({ result: 'queued' }, total.queued);
    outboxSweeps.inc({ result: 'republished' }, total.republished);
    if (total.republished > 0) this.logger.warn({ ...total }, 'outbox sweep re-published events whose jobs were lost');
    return total;
  }

  /**
   * In batch jobs of at most OUTBOX_BATCH_SIZE, as the relay publishes, whose ids the events keep
   * first: if Redis then does not take one, the next round finds it unknown and tries again.
   */
  private async republish(eventIds: string[]): Promise<void> {
    for (let i = 0; i < eventIds.length; i += this.config.OUTBOX_BATCH_SIZE) {
      const chunk = eventIds.slice(i, i + this.config.OUTBOX_BATCH_SIZE);
      const jobId = newBatchJobId('publish-webhook-event');
      await this.consumption.markRepublished(chunk, jobId);
      await this.producer.addBatch('publish-webhook-event', chunk.map((id) => webhookEventItem({ id })), { jobId });
    }
  }
}

function jobOf(event: UnconsumedEvent): string {
  return event.publishedJob ?? JobIds.webhookEvent(event.id);
}
