import { Injectable, Optional } from '@nestjs/common';
import type { Job, JobSchedulerTemplateOptions, JobsOptions, JobState, Queue, RepeatOptions } from 'bullmq';
import { DURABLE_JOB_OPTIONS, JOBS, JobName, JobPayload } from '@momo/contracts';
import { InfraConfig } from '../config';
import { carrierForHop, TRACE_FIELD, TraceCarrier } from '../tracing';
import { withDeadline } from './deadline';
import { BATCH_FIELD, BatchedCall } from './job-batch';
import { QueueRegistry } from './queue-registry';

/** Redis did not take the job in time. The job may still arrive: callers treat the outcome as unknown. */
export class QueueUnavailableError extends Error {
  constructor(name: string, waitedMs: number) {
    super(`queue for ${name} did not accept the job within ${waitedMs} ms`);
    this.name = 'QueueUnavailableError';
  }
}

export interface EnqueueOptions extends Omit<JobsOptions, 'jobId'> {
  /** Always a JobIds builder result: duplicates are cut by id, not by luck. */
  jobId: string;
  /**
   * The request id and trace this job continues. Default: the current one. Work about a stored
   * transaction passes the transaction's own, so every hop of one payment shares one id.
   */
  trace?: TraceCarrier;
  /** A carrier already made for this very hop (JobRpc takes it when the call is made); null: none. */
  hopTrace?: TraceCarrier | null;
}

/**
 * Typed `add`, and the only way jobs enter a queue: the job name picks the queue and the payload
 * type. Every add is bounded in time: while Redis is down the connection would otherwise queue
 * commands forever, holding a merchant's request or an open Postgres transaction (the outbox
 * relay) for the whole outage.
 */
@Injectable()
export class JobProducer {
  private readonly timeoutMs: number;

  constructor(
    private readonly queues: QueueRegistry,
    @Optional() config?: InfraConfig,
  ) {
    this.timeoutMs = config?.QUEUE_COMMAND_TIMEOUT_MS ?? 5_000;
  }

  queueFor(name: JobName): Queue {
    return this.queues.queueOf(name);
  }

  add<N extends JobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions): Promise<Job> {
    const { trace, hopTrace, ...jobOptions } = options;
    return this.bounded(name, this.queueFor(name).add(name, withTrace(payload, hopCarrier(name, trace, hopTrace)), { ...DURABLE_JOB_OPTIONS, ...jobOptions }));
  }

  /** One round trip for many jobs of one kind (outbox relay, sweeps). */
  addBulk<N extends JobName>(name: N, jobs: { payload: JobPayload<N>; options: EnqueueOptions }[]): Promise<Job[]> {
    if (jobs.length === 0) return Promise.resolve([]);
    return this.bounded(
      name,
      this.queueFor(name).addBulk(
        jobs.map(({ payload, options: { trace, hopTrace, ...options } }) => ({
          name,
          data: withTrace(payload, hopCarrier(name, trace, hopTrace)),
          opts: { ...DURABLE_JOB_OPTIONS, ...options },
        })),
      ),
    );
  }

  /**
   * One job carrying many items of one kind (JobBatches, the outbox relay); its consumer runs each
   * as if it were its own job (JobHandlerHost). Each item carries its own trace carrier, made for
   * this hop when the item was (carrierForHop); the batch job itself continues none.
   */
  addBatch<N extends JobName>(name: N, items: BatchedCall[], options: { jobId: string }): Promise<Job> {
    const data = { [BATCH_FIELD]: items };
    return this.add(name, data as unknown as JobPayload<N>, { jobId: options.jobId, hopTrace: null });
  }

  /** The state of each job id, `unknown` for one Redis does not hold; bounded like every add (a sweep must not wait on Redis for a whole outage). */
  async states(name: JobName, jobIds: string[]): Promise<Map<string, JobState | 'unknown'>> {
    const queue = this.queueFor(name);
    const states = await this.bounded(name, Promise.all(jobIds.map((jobId) => queue.getJobState(jobId))));
    return new Map(jobIds.map((jobId, i) => [jobId, states[i]]));
  }

  /**
   * Adds jobs again under ids that finished jobs may still hold (a finished job is kept a while,
   * and an add under its id is ignored as a duplicate): reads each id's state, removes the jobs
   * in a `replacing` state, and adds those and the ids Redis does not know (lost, or long gone).
   * An id that is waiting, delayed or running, or finished in a state not replaced, is left as
   * it is. Returns each id's state as it was, in order.
   */
  async requeue<N extends JobName>(
    name: N,
    jobs: { payload: JobPayload<N>; options: EnqueueOptions }[],
    replacing: readonly JobState[],
  ): Promise<(JobState | 'unknown')[]> {
    const queue = this.queueFor(name);
    const byId = await this.states(name, jobs.map(({ options }) => options.jobId));
    const states = jobs.map(({ options }) => byId.get(options.jobId)!);
    const replaced = (i: number) => states[i] !== 'unknown' && replacing.includes(states[i] as JobState);
    await this.bounded(name, Promise.all(jobs.filter((_, i) => replaced(i)).map(({ options }) => queue.remove(options.jobId))));
    await this.addBulk(name, jobs.filter((_, i) => states[i] === 'unknown' || replaced(i)));
    return states;
  }

  /**
   * Registers (or updates) the job scheduler `schedulerId`, which adds job `name` on `repeat`.
   * Upserting is idempotent, so every replica does it at start. The options are the scheduler's
   * own (not the durable defaults), and a tick's job carries no trace: it continues nothing.
   */
  schedule<N extends JobName>(schedulerId: string, repeat: Omit<RepeatOptions, 'key'>, name: N, payload: JobPayload<N>, options: JobSchedulerTemplateOptions): Promise<Job> {
    return this.queueFor(name).upsertJobScheduler(schedulerId, repeat, { name, data: payload, opts: options });
  }

  /** Whether the job scheduler `schedulerId` of job `name` is in Redis (a flush removes it). */
  async isScheduled(name: JobName, schedulerId: string): Promise<boolean> {
    return Boolean(await this.queueFor(name).getJobScheduler(schedulerId));
  }

  private bounded<T>(name: string, work: Promise<T>): Promise<T> {
    return withDeadline(work, this.timeoutMs, () => new QueueUnavailableError(name, this.timeoutMs));
  }
}

function hopCarrier(name: JobName, trace: TraceCarrier | undefined, hopTrace: TraceCarrier | null | undefined): TraceCarrier | undefined {
  return hopTrace !== undefined ? (hopTrace ?? undefined) : carrierForHop(JOBS[name].queue, name, trace);
}

/** Job data = the typed payload plus, when there is one, the carrier under TRACE_FIELD. */
function withTrace(payload: object, carrier: TraceCarrier | undefined): object {
  return carrier ? { ...payload, [TRACE_FIELD]: carrier } : payload;
}
