import type { Queue } from 'bullmq';
import { BATCH_FIELD, BatchedCall, TRACE_FIELD } from '@momo/platform';

/** One job's work as its consumer sees it: its payload, under the id it goes by in logs. */
export interface QueuedItem<T = Record<string, unknown>> {
  id: string;
  name: string;
  data: T;
}

/**
 * Every job a queue holds, in any state, with batch jobs (JobRpc, JobBatches) opened into their
 * items, each under the id it would have had as a job of its own; carried traces left out.
 */
export async function queuedItems<T = Record<string, unknown>>(queue: Queue): Promise<QueuedItem<T>[]> {
  const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
  return jobs.flatMap((job) => {
    const { [BATCH_FIELD]: batch, [TRACE_FIELD]: _trace, ...data } = (job.data ?? {}) as Record<string, unknown>;
    if (!Array.isArray(batch)) return [{ id: String(job.id), name: job.name, data: data as T }];
    return (batch as BatchedCall[]).map((item) => ({ id: item.jobId, name: job.name, data: item.payload as T }));
  });
}
