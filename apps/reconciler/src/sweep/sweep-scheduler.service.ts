import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QueueName } from '@momo/contracts';
import { ReconcilerConfig } from '../reconciler.config';

export const PENDING_SWEEP_SCHEDULER = 'pending-transactions-sweep';

/**
 * Registers the sweep as a BullMQ job scheduler. Upserting is idempotent, so every replica can
 * do it at start; BullMQ runs each tick once across all of them.
 */
@Injectable()
export class SweepScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(QueueName.Reconciliation) private readonly queue: Queue,
    private readonly config: ReconcilerConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      PENDING_SWEEP_SCHEDULER,
      { every: this.config.SWEEP_INTERVAL_MS },
      { name: 'reconciliation-sweep', data: { sweep: 'pending-transactions' }, opts: { removeOnComplete: 100, removeOnFail: 1000 } },
    );
  }
}
