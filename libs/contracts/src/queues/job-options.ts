import type { JobsOptions } from 'bullmq';

/** Retention: enough history for on-call to look at, bounded so Redis stays small. */
const KEEP_COMPLETED = { age: 60 * 60, count: 20_000 };
const KEEP_FAILED = { age: 7 * 24 * 60 * 60 };

/** Request/reply commands: the caller is waiting; a retry would race the caller's own retry. */
export const COMMAND_JOB_OPTIONS: JobsOptions = {
  attempts: 1,
  removeOnComplete: KEEP_COMPLETED,
  removeOnFail: KEEP_FAILED,
};

/** Fire-and-forget work whose consumers are idempotent: retry with backoff on errors. */
export const DURABLE_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: KEEP_COMPLETED,
  removeOnFail: KEEP_FAILED,
};
