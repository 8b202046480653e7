import type { TraceCarrier } from '../tracing';

/**
 * The key in a batch job's data listing its calls (JobRpc sends calls made together as one job).
 * A consumer runs each call as if it were its own job and answers one BatchedReply per call, in order.
 */
export const BATCH_FIELD = '_batch';

export interface BatchedCall {
  /** The id the call would have had as a job of its own (logs name it). */
  jobId: string;
  payload: object;
  trace?: TraceCarrier;
}

export type BatchedReply = { value: unknown } | { error: string };
