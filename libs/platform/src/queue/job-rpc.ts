import { randomUUID } from 'node:crypto';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Job, QueueEvents } from 'bullmq';
import { COMMAND_JOB_OPTIONS, JOBS, JobIds, JobName, JobPayload, JobReply, QueueName } from '@momo/contracts';
import { MicroBatcher } from '../batching';
import { InfraConfig } from '../config';
import { carrierForHop, TraceCarrier } from '../tracing';
import { JobProducer } from './job-producer';
import { BATCH_FIELD, BatchedCall, BatchedReply } from './job-batch';
import { withDeadline } from './deadline';
import { redisOptionsFromUrl } from './redis-connection';

export type RpcResult<T> =
  | { status: 'completed'; value: T }
  | { status: 'failed'; reason: string }
  | { status: 'timeout' };

interface PendingCall {
  payload: object;
  jobId: string;
  timeoutMs: number;
  /** Taken when the call is made: a batch leaves later, from whichever call's context flushed it. */
  trace: TraceCarrier | undefined;
}

/**
 * Request/reply over a queue: add a job, wait (bounded) for its return value. The job id makes a
 * retried call join the first job instead of running the work twice. A timeout says nothing about
 * whether the work happened: callers must be able to find out (the id is deterministic).
 *
 * Calls made while others of the same kind are on their way travel together as one batch job
 * (one add, one fetch, one completion and one reply event for all of them): at low load a call
 * leaves alone, at once, as its own job under its own id; under load the queue hops cost per
 * batch, not per call. Each call of a batch is run, traced, logged and answered on its own.
 */
@Injectable()
export class JobRpc implements OnApplicationShutdown {
  private readonly events = new Map<QueueName, QueueEvents>();
  private readonly batchers = new Map<JobName, MicroBatcher<PendingCall, RpcResult<unknown>>>();
  /** Calls in flight by job id: a second call with the same id in this process joins the first. */
  private readonly inFlight = new Map<string, Promise<RpcResult<unknown>>>();

  constructor(
    private readonly producer: JobProducer,
    private readonly config: InfraConfig,
  ) {}

  call<N extends JobName>(name: N, payload: JobPayload<N>, options: { jobId: string; timeoutMs: number }): Promise<RpcResult<JobReply<N>>> {
    const joined = this.inFlight.get(options.jobId);
    if (joined) return joined as Promise<RpcResult<JobReply<N>>>;
    const call = this.batcherFor(name)
      .submit({ payload, jobId: options.jobId, timeoutMs: options.timeoutMs, trace: carrierForHop(JOBS[name].queue, name, undefined) })
      .finally(() => this.inFlight.delete(options.jobId));
    this.inFlight.set(options.jobId, call);
    return call as Promise<RpcResult<JobReply<N>>>;
  }

  private batcherFor(name: JobName): MicroBatcher<PendingCall, RpcResult<unknown>> {
    let batcher = this.batchers.get(name);
    if (!batcher) {
      batcher = new MicroBatcher((calls) => (calls.length === 1 ? this.sendOne(name, calls[0]).then((r) => [r]) : this.sendBatch(name, calls)), {
        maxBatch: this.config.RPC_MAX_BATCH,
        maxConcurrentFlushes: this.config.RPC_BATCHES_IN_FLIGHT,
      });
      this.batchers.set(name, batcher);
    }
    return batcher;
  }

  private async sendOne(name: JobName, call: PendingCall): Promise<RpcResult<unknown>> {
    const sent = await this.enqueue(name, call.payload, call.jobId, call.timeoutMs, call.trace);
    if ('status' in sent) return sent;
    return this.awaitReply(sent.job, sent.events, call.timeoutMs);
  }

  private async sendBatch(name: JobName, calls: PendingCall[]): Promise<RpcResult<unknown>[]> {
    const batch: BatchedCall[] = calls.map((call) => ({ jobId: call.jobId, payload: call.payload, trace: call.trace }));
    const timeoutMs = Math.max(...calls.map((call) => call.timeoutMs));
    const sent = await this.enqueue(name, { [BATCH_FIELD]: batch }, JobIds.rpcBatch(name, randomUUID()), timeoutMs, undefined);
    if ('status' in sent) return calls.map(() => sent);
    const started = Date.now();
    const reply = await this.awaitReply(sent.job, sent.events, timeoutMs);
    if (reply.status !== 'completed') return calls.map(() => reply);
    const replies = reply.value as BatchedReply[];
    const elapsed = Date.now() - started;
    return calls.map((call, i): RpcResult<unknown> => {
      // A call with a shorter deadline than the batch's longest hears a timeout, as it would have alone.
      if (elapsed > call.timeoutMs) return { status: 'timeout' };
      const one = replies[i];
      if (!one) return { status: 'failed', reason: 'no reply for this call in its batch' };
      return 'value' in one ? { status: 'completed', value: one.value } : { status: 'failed', reason: one.error };
    });
  }

  private async enqueue(
    name: JobName,
    data: object,
    jobId: string,
    timeoutMs: number,
    trace: TraceCarrier | undefined,
  ): Promise<{ job: Job; events: QueueEvents } | RpcResult<never>> {
    try {
      const events = await withDeadline(this.queueEvents(JOBS[name].queue), timeoutMs, () => new Error('queue events not ready'));
      // A batch carries each call's own trace; the batch job itself continues none.
      const job = await this.producer.add(name, data as JobPayload<typeof name>, { ...COMMAND_JOB_OPTIONS, jobId, hopTrace: trace ?? null });
      return { job, events };
    } catch (error) {
      // Redis unreachable: whether the job exists is unknown, as after a timeout.
      return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  private async awaitReply(job: Job, events: QueueEvents, timeoutMs: number): Promise<RpcResult<unknown>> {
    try {
      return { status: 'completed', value: await job.waitUntilFinished(events, timeoutMs) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/timed out before finishing/i.test(message)) return { status: 'timeout' };
      return { status: 'failed', reason: message };
    }
  }

  private async queueEvents(queue: QueueName): Promise<QueueEvents> {
    let events = this.events.get(queue);
    if (!events) {
      events = new QueueEvents(queue, {
        connection: redisOptionsFromUrl(this.config.REDIS_URL),
        prefix: this.config.QUEUE_PREFIX,
      });
      this.events.set(queue, events);
      await events.waitUntilReady();
    }
    return events;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.events.values()].map((events) => events.close()));
  }
}
