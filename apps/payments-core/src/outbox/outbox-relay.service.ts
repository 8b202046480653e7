import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OutboxRepository } from '@momo/data';
import { JobProducer, newBatchJobId, TraceCarrier } from '@momo/platform';
import { PaymentsCoreConfig } from '../payments-core.config';
import { webhookEventItem } from './webhook-event-items';

/**
 * Moves committed outbox events onto the webhook-events queue: the events of one take leave as one
 * batch job (one add, one fetch, one completion for all), whose id each event keeps in Postgres
 * for the outbox sweeper. Publishing an event twice is harmless: the dispatcher keeps one delivery
 * per event and app. Wakes on `kick()` after a commit: the events it names are taken by
 * primary key. A scan for any other unpublished event (written without a kick, left by a replica
 * that died, put back after Redis refused them) runs every OUTBOX_POLL_MS, under load as well:
 * the scan is what costs, so it does not run after every commit.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private kicked = false;
  /** Events committed by this process and not yet taken. */
  private known: string[] = [];
  private lastScanAt = 0;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly producer: JobProducer,
    private readonly config: PaymentsCoreConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
  }

  /** Events were just committed to the outbox: publish them now rather than at the next poll. */
  kick(eventIds: string[] = []): void {
    this.known.push(...eventIds);
    this.kicked = true;
    this.wake?.();
  }

  /** Publishes everything currently unpublished; returns how many events went out. */
  async drain(): Promise<number> {
    this.lastScanAt = Date.now();
    let total = await this.publishKnown();
    for (;;) {
      const jobId = newBatchJobId('publish-webhook-event');
      const published = await this.outbox.publishBatch(this.config.OUTBOX_BATCH_SIZE, jobId, (events) => this.publish(jobId, events));
      total += published;
      if (published < this.config.OUTBOX_BATCH_SIZE) return total;
    }
  }

  /** The events this process was told of; put back if they could not be published (the scan finds them too). */
  private async publishKnown(): Promise<number> {
    let total = 0;
    while (this.known.length > 0) {
      const ids = this.known.splice(0, this.config.OUTBOX_BATCH_SIZE);
      const jobId = newBatchJobId('publish-webhook-event');
      total += await this.outbox.publishIds(ids, jobId, (events) => this.publish(jobId, events));
    }
    return total;
  }

  private async publish(jobId: string, events: { id: string; trace?: TraceCarrier }[]): Promise<void> {
    await this.producer.addBatch('publish-webhook-event', events.map(webhookEventItem), { jobId });
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      try {
        if (Date.now() - this.lastScanAt >= this.config.OUTBOX_POLL_MS) await this.drain();
        else await this.publishKnown();
      } catch (error) {
        this.logger.warn({ err: error }, 'outbox relay round failed; retrying');
      }
      if (!this.kicked && this.running) await this.sleep(this.config.OUTBOX_POLL_MS);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
