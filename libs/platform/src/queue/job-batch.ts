import { randomUUID } from 'node:crypto';
import { JobIds } from '@momo/contracts';
import type { TraceCarrier } from '../tracing';

/**
 * Request/reply calls travel as batch jobs (JobRpc): the job's data lists its calls under
 * BATCH_FIELD and names, under REPLY_TO_FIELD, the Redis channel where the caller listens. The
 * consumer runs each call as if it were its own job and publishes each call's reply there as soon
 * as that call is done, so a slow call never holds up the answers of the others.
 */
export const BATCH_FIELD = '_batch';
export const REPLY_TO_FIELD = '_replyTo';

export interface BatchedCall {
  /** The id the call would have had as a job of its own (logs name it). */
  jobId: string;
  payload: object;
  trace?: TraceCarrier;
}

export type BatchedReply = { value: unknown } | { error: string };

/**
 * One message on a caller's reply channel: batch job `job` was taken up by a consumer (`started`),
 * or the reply to its call `index`.
 */
export type ReplyMessage = { job: string; started: true } | { job: string; index: number; reply: BatchedReply };

/** A fresh id for a batch job of `jobName` (JobRpc, JobBatches, the outbox relay and sweeper). */
export function newBatchJobId(jobName: string): string {
  return JobIds.batch(jobName, randomUUID());
}
