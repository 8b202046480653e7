import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { JobIds } from '@momo/contracts';
import { OutboxConsumptionRepository, UnconsumedEvent } from '@momo/data';
import { JobProducer, metricsRegistry, PeriodicSchedule, PeriodicTask } from '@momo/platform';
import { PaymentsCoreConfig } from '../payments-core.config';

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
 * - its job is still waiting, delayed or running: a backlog, looked at again next round;
 * - its job is gone or failed: published again under the same job id (the dispatcher dedupes on
 *   the event and app, so a second delivery row is impossible).
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
      const untaken = batch.filter((e) => !e.taken).map((e) => e.id);
      // Same job id again: the dispatcher dedupes on the event and app, so a second delivery row is impossible.
      const states = await this.producer.requeue(
        'publish-webhook-event',
        untaken.map((eventId) => ({ payload: { eventId }, options: { jobId: JobIds.webhookEvent(eventId) } })),
        ['failed'],
      );
      states.forEach((state, i) => {
        if (state === 'completed') consumed.push(untaken[i]);
        else if (state === 'failed' || state === 'unknown') total.republished++;
        else total.queued++;
      });
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
}
