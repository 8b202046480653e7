import { Injectable } from '@nestjs/common';
import { JOBS, JobName, JobPayload } from '@momo/contracts';
import { MicroBatcher } from '../batching';
import { InfraConfig } from '../config';
import { carrierForHop, TraceCarrier } from '../tracing';
import { BatchedCall, newBatchJobId } from './job-batch';
import { JobProducer } from './job-producer';

/**
 * Fire-and-forget jobs of one kind sent together: items sent within `JOB_BATCH_LINGER_MS` of each
 * other leave as one durable job (one add, one fetch, one completion for them all). `send`
 * resolves once Redis holds the job, as `JobProducer.add` does for one.
 *
 * The consumer (JobHandlerHost) runs each item as if it were its own job, and retries the whole
 * batch when an item failed for a reason worth retrying: every item's handler must be idempotent.
 * Unlike a job of its own, an item has no id of its own in Redis, so repeats are not folded.
 */
@Injectable()
export class JobBatches {
  private readonly batchers = new Map<JobName, MicroBatcher<BatchedCall, void>>();

  constructor(
    private readonly producer: JobProducer,
    private readonly config: InfraConfig,
  ) {}

  /** `itemId` names the item in the consumer's logs, as a job id would; `trace` is the story it continues. */
  send<N extends JobName>(name: N, payload: JobPayload<N>, options: { itemId: string; trace?: TraceCarrier }): Promise<void> {
    return this.batcherFor(name).submit({ jobId: options.itemId, payload, trace: carrierForHop(JOBS[name].queue, name, options.trace) });
  }

  private batcherFor(name: JobName): MicroBatcher<BatchedCall, void> {
    let batcher = this.batchers.get(name);
    if (!batcher) {
      batcher = new MicroBatcher((items) => this.add(name, items), {
        maxBatch: this.config.RPC_MAX_BATCH,
        maxConcurrentFlushes: this.config.RPC_BATCHES_IN_FLIGHT,
        lingerMs: this.config.JOB_BATCH_LINGER_MS,
        gatherTurn: true,
      });
      this.batchers.set(name, batcher);
    }
    return batcher;
  }

  private async add(name: JobName, items: BatchedCall[]): Promise<void[]> {
    await this.producer.addBatch(name, items, { jobId: newBatchJobId(name) });
    return items.map(() => undefined);
  }
}
