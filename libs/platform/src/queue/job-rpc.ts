import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { COMMAND_JOB_OPTIONS, JOBS, JobName, JobPayload, JobReply } from '@momo/contracts';
import { MicroBatcher } from '../batching';
import { InfraConfig } from '../config';
import { carrierForHop, TraceCarrier } from '../tracing';
import { JobProducer } from './job-producer';
import { BATCH_FIELD, BatchedCall, newBatchJobId, REPLY_TO_FIELD, ReplyMessage } from './job-batch';
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

type Settle = (result: RpcResult<unknown>) => void;
/** A call on its way: its reply, boxed so that a batch flush can hand it over without waiting for it. */
type Sent = { reply: Promise<RpcResult<unknown>> };

/**
 * Request/reply over a queue: add a job, wait (bounded) for its reply. A timeout says nothing about
 * whether the work happened: callers must be able to find out (the consumers are idempotent
 * against Postgres, and the logical job id names the work in their logs).
 *
 * Calls made while others of the same kind are on their way travel together as one batch job
 * (one add, one fetch, one completion for all of them): at low load a call leaves alone, at once;
 * under load the queue hops cost per batch, not per call. Replies come back on this process's own
 * Redis channel, each as soon as its call is done, so nobody reads other processes' events and
 * a slow call does not hold up its batch-mates. A second call with the same job id while the first
 * is in flight in this process joins it.
 */
@Injectable()
export class JobRpc implements OnApplicationShutdown {
  private readonly logger = new Logger(JobRpc.name);
  private readonly batchers = new Map<JobName, MicroBatcher<PendingCall, Sent>>();
  private readonly inFlight = new Map<string, Promise<RpcResult<unknown>>>();
  /** Waiting calls by batch job id, then by index in the batch. */
  private readonly waiting = new Map<string, Map<number, Settle>>();
  /** Batches sent but not yet taken up by a consumer, by batch job id. */
  private readonly unstarted = new Map<string, () => void>();
  private readonly replyChannel: string;
  private subscriber?: Promise<Redis>;

  constructor(
    private readonly producer: JobProducer,
    private readonly config: InfraConfig,
  ) {
    this.replyChannel = `${config.QUEUE_PREFIX}:rpc-replies:${randomUUID()}`;
  }

  call<N extends JobName>(name: N, payload: JobPayload<N>, options: { jobId: string; timeoutMs: number }): Promise<RpcResult<JobReply<N>>> {
    const joined = this.inFlight.get(options.jobId);
    if (joined) return joined as Promise<RpcResult<JobReply<N>>>;
    const call = this.batcherFor(name)
      .submit({ payload, jobId: options.jobId, timeoutMs: options.timeoutMs, trace: carrierForHop(JOBS[name].queue, name, undefined) })
      .then((sent) => sent.reply)
      .finally(() => this.inFlight.delete(options.jobId));
    this.inFlight.set(options.jobId, call);
    return call as Promise<RpcResult<JobReply<N>>>;
  }

  private batcherFor(name: JobName): MicroBatcher<PendingCall, Sent> {
    let batcher = this.batchers.get(name);
    if (!batcher) {
      // A batch holds its place until a consumer takes it up, not until its replies: calls gather
      // while the consumers are behind (when saving queue work matters), and leave at once otherwise.
      batcher = new MicroBatcher((calls) => this.send(name, calls), {
        maxBatch: this.config.RPC_MAX_BATCH,
        maxConcurrentFlushes: this.config.RPC_BATCHES_IN_FLIGHT,
        gatherTurn: true,
      });
      this.batchers.set(name, batcher);
    }
    return batcher;
  }

  private async send(name: JobName, calls: PendingCall[]): Promise<Sent[]> {
    const batchId = newBatchJobId(name);
    const replies = calls.map((call, index) => this.awaitReply(batchId, index, call.timeoutMs));
    const shortest = Math.min(...calls.map((c) => c.timeoutMs));
    const started = new Promise<void>((resolve) => {
      const timer = setTimeout(done, shortest);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.unstarted.set(batchId, done);
    }).finally(() => this.unstarted.delete(batchId));
    try {
      await withDeadline(this.listening(), shortest, () => new Error('reply channel not ready'));
      const batch: BatchedCall[] = calls.map((call) => ({ jobId: call.jobId, payload: call.payload, trace: call.trace }));
      const data = { [BATCH_FIELD]: batch, [REPLY_TO_FIELD]: this.replyChannel };
      // Each call carries its own trace; the batch job itself continues none.
      await this.producer.add(name, data as unknown as JobPayload<typeof name>, { ...COMMAND_JOB_OPTIONS, jobId: batchId, hopTrace: null });
    } catch (error) {
      // Redis unreachable: whether the job exists is unknown, as after a timeout.
      const reason = error instanceof Error ? error.message : String(error);
      this.settleAll(batchId, { status: 'failed', reason });
      this.unstarted.get(batchId)?.();
    }
    // Every call of the batch settles (a reply, or its own timeout) even if it is never started.
    void Promise.all(replies).then(() => this.unstarted.get(batchId)?.());
    await started;
    return replies.map((reply) => ({ reply }));
  }

  private awaitReply(batchId: string, index: number, timeoutMs: number): Promise<RpcResult<unknown>> {
    return new Promise((resolve) => {
      let calls = this.waiting.get(batchId);
      if (!calls) this.waiting.set(batchId, (calls = new Map()));
      const timer = setTimeout(() => settle({ status: 'timeout' }), timeoutMs);
      const settle: Settle = (result) => {
        clearTimeout(timer);
        const left = this.waiting.get(batchId);
        left?.delete(index);
        if (left?.size === 0) this.waiting.delete(batchId);
        resolve(result);
      };
      calls.set(index, settle);
    });
  }

  private settleAll(batchId: string, result: RpcResult<unknown>): void {
    for (const settle of [...(this.waiting.get(batchId)?.values() ?? [])]) settle(result);
  }

  private onReply(raw: string): void {
    let message: ReplyMessage;
    try {
      message = JSON.parse(raw) as ReplyMessage;
    } catch {
      return;
    }
    if ('started' in message) {
      this.unstarted.get(message.job)?.();
      return;
    }
    // A reply nobody waits for any more (it came after the caller's deadline) is dropped.
    const settle = this.waiting.get(message.job)?.get(message.index);
    if (!settle) return;
    settle('value' in message.reply ? { status: 'completed', value: message.reply.value } : { status: 'failed', reason: message.reply.error });
  }

  /** Subscribes to this process's reply channel once; calls wait for it before their first job is sent. */
  private listening(): Promise<Redis> {
    if (!this.subscriber) {
      const subscriber = new Redis({ ...redisOptionsFromUrl(this.config.REDIS_URL), lazyConnect: true });
      subscriber.on('error', (error: Error) => this.logger.warn({ err: error.message }, 'reply channel connection error; ioredis reconnects and resubscribes'));
      subscriber.on('message', (_channel: string, message: string) => this.onReply(message));
      this.subscriber = subscriber
        .connect()
        .then(() => subscriber.subscribe(this.replyChannel))
        .then(() => subscriber)
        .catch((error: unknown) => {
          this.subscriber = undefined;
          subscriber.disconnect();
          throw error;
        });
    }
    return this.subscriber;
  }

  async onApplicationShutdown(): Promise<void> {
    const subscriber = await this.subscriber?.catch(() => undefined);
    await subscriber?.quit().catch(() => subscriber.disconnect());
  }
}
