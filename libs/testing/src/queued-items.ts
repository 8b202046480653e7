import type { Queue } from 'bullmq';
import { BATCH_FIELD, BatchedCall, TRACE_FIELD, TraceCarrier } from '@momo/platform';

/** One job's work as its consumer sees it: its payload, under the id it goes by in logs. */
export interface QueuedItem<T = Record<string, unknown>> {
  id: string;
  name: string;
  data: T;
  /** The job that carries it: itself, or its batch. */
  jobId: string;
  trace?: TraceCarrier;
}

/**
 * Every job a queue holds, in any state, with batch jobs (JobRpc, JobBatches) opened into their
 * items, each under the id it would have had as a job of its own.
 */
export async function queuedItems<T = Record<string, unknown>>(queue: Queue): Promise<QueuedItem<T>[]> {
  const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized']);
  return jobs.flatMap((job) => {
    const { [BATCH_FIELD]: batch, [TRACE_FIELD]: trace, ...data } = (job.data ?? {}) as Record<string, unknown>;
    const jobId = String(job.id);
    if (!Array.isArray(batch)) return [{ id: jobId, name: job.name, data: data as T, jobId, trace: trace as TraceCarrier | undefined }];
    return (batch as BatchedCall[]).map((item) => ({ id: item.jobId, name: job.name, data: item.payload as T, jobId, trace: item.trace }));
  });
}
