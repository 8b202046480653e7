import { Injectable } from '@nestjs/common';
import { JobIds } from '@momo/contracts';
import { DueDelivery } from '@momo/data';
import { Clock, JobProducer } from '@momo/platform';

/**
 * The jobs that say "make attempt N of this delivery now (or at its due time)". They are only
 * hints: Postgres says what is due, and the sweeper re-creates any hint Redis lost.
 */
@Injectable()
export class DeliveryJobs {
  constructor(
    private readonly producer: JobProducer,
    private readonly clock: Clock,
  ) {}

  /** Queues attempt `attempt`, to run at `dueAt`; a job already queued for it is kept as it is. */
  async schedule(deliveryId: string, appId: string, attempt: number, dueAt: Date): Promise<void> {
    const delay = Math.max(0, dueAt.getTime() - this.clock.now().getTime());
    await this.producer.add('deliver-webhook', { deliveryId, appId, attempt }, { jobId: JobIds.webhookAttempt(deliveryId, attempt), delay });
  }

  /**
   * Makes sure an overdue delivery's attempt will run now: leaves a job that is waiting or running
   * alone, promotes one still delayed, and re-creates one that vanished (Redis lost it) or that
   * finished without recording the attempt (it failed for good, or stalled too often).
   * Returns what it did.
   */
  async ensureRunnable(due: DueDelivery): Promise<'queued' | 'promoted' | 'requeued' | 'present'> {
    const jobId = JobIds.webhookAttempt(due.id, due.nextAttempt);
    const [state] = await this.producer.requeue(
      'deliver-webhook',
      [{ payload: { deliveryId: due.id, appId: due.appId, attempt: due.nextAttempt }, options: { jobId, delay: 0 } }],
      ['completed', 'failed'],
    );
    if (state === 'delayed') {
      const job = await this.producer.queueFor('deliver-webhook').getJob(jobId);
      await job?.promote().catch(() => undefined); // it may have just become due by itself
      return 'promoted';
    }
    if (state === 'completed' || state === 'failed') return 'requeued';
    if (state === 'unknown') return 'queued';
    return 'present';
  }
}
