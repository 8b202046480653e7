import { WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import type { ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PinoLogger } from 'nestjs-pino';
import { storage } from 'nestjs-pino/storage';
import { JOBS, JobName, JobPayload, JobReply, JobsOfQueue, QueueName } from '@momo/contracts';
import { LazyLoggerStore } from '../logging';
import { carrierFrom, continueTrace, SpanKind, TRACE_FIELD } from '../tracing';
import { BATCH_FIELD, BatchedCall, BatchedReply, REPLY_TO_FIELD, ReplyMessage } from './job-batch';
import type { QueueConsumer } from './queue-registry';
import { compiledChecks } from '../validation/compiled-checks';
import { closeReplyPublisher, replyPublisher } from './reply-publisher';

export type JobHandlers<Q extends QueueName> = {
  [N in JobsOfQueue<Q>]: (payload: JobPayload<N>, job: Job) => Promise<JobReply<N>>;
};

/**
 * Base of every queue consumer: one handler per job name of its queue (checked by the compiler
 * and again at boot, by the service's QueueRegistry), payloads validated before any handler sees
 * them, and each job run inside its own logging context (queue, job id, job name on every line).
 */
export abstract class JobHandlerHost<Q extends QueueName> extends WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly queue: Q;
  protected abstract readonly handlers: JobHandlers<Q>;
  /** Parallel jobs in this process, usually from config; decorator options are static. */
  protected concurrency?: number;

  /** The queue and the jobs this consumer handles, for the boot check. */
  get consumer(): QueueConsumer {
    const handlers = this.handlers as Record<string, unknown>;
    return { name: this.constructor.name, queue: this.queue, handles: Object.keys(handlers).filter((job) => typeof handlers[job] === 'function') };
  }

  onApplicationBootstrap(): void {
    if (this.concurrency) this.worker.concurrency = this.concurrency;
  }

  async onApplicationShutdown(): Promise<void> {
    await closeReplyPublisher();
  }

  async process(job: Job): Promise<unknown> {
    const name = job.name as JobName;
    const handler = (this.handlers as Record<string, (payload: unknown, job: Job) => Promise<unknown>>)[name];
    if (!handler || JOBS[name]?.queue !== this.queue) {
      throw new UnrecoverableError(`queue ${this.queue} has no handler for job "${job.name}"`);
    }
    const { [TRACE_FIELD]: carried, [BATCH_FIELD]: batch, [REPLY_TO_FIELD]: replyTo, ...data } = (job.data ?? {}) as Record<string, unknown>;
    if (batch !== undefined) return this.processBatch(name, handler, batch, replyTo, job);
    return this.run(name, handler, validateJobPayload(name, data), carried, job, String(job.id));
  }

  /**
   * A batch: request/reply calls (JobRpc, with a reply channel) or fire-and-forget items
   * (JobBatches, without). Each item is validated, traced, logged and run as if it were its own
   * job, all at once. A call's reply is published to its caller as soon as it is ready, and one
   * failing answers its own caller only. An item failing for a reason worth retrying fails the
   * batch, which BullMQ retries whole (items are idempotent); one that can never succeed is logged
   * and left, as a job of its own would be failed for good.
   */
  private async processBatch(name: JobName, handler: Handler, batch: unknown, replyTo: unknown, job: Job): Promise<void> {
    if (!Array.isArray(batch) || (replyTo !== undefined && typeof replyTo !== 'string')) throw new UnrecoverableError(`invalid ${name} batch`);
    const jobId = String(job.id);
    const replies = replyTo === undefined ? undefined : replyPublisher();
    const publish = (message: ReplyMessage) => replies?.publish(replyTo as string, message).catch(() => undefined);
    void publish({ job: jobId, started: true });
    const failures = await Promise.all(
      batch.map(async (call: Partial<BatchedCall> | null, index: number) => {
        const itemId = typeof call?.jobId === 'string' ? call.jobId : jobId;
        let reply: BatchedReply;
        let failure: unknown;
        try {
          const payload = validateJobPayload(name, call?.payload ?? {});
          reply = { value: await this.run(name, handler, payload, call?.trace, job, itemId) };
        } catch (error) {
          failure = error;
          reply = { error: error instanceof Error ? error.message : String(error) };
          if (!replies) this.noteItemFailure(name, itemId, job, error);
        }
        await publish({ job: jobId, index, reply });
        return failure;
      }),
    );
    const retryable = failures.filter((failure) => failure !== undefined && !(failure instanceof UnrecoverableError));
    if (!replies && retryable.length > 0) {
      const first = retryable[0];
      throw new Error(`${retryable.length} of ${batch.length} items failed (first: ${first instanceof Error ? first.message : String(first)})`);
    }
  }

  private noteItemFailure(name: JobName, itemId: string, job: Job, error: unknown): void {
    const forGood = error instanceof UnrecoverableError;
    const fields = { queue: this.queue, job: name, jobId: itemId, batchJobId: String(job.id), attempt: job.attemptsMade + 1, err: error instanceof Error ? error.message : String(error) };
    if (!PinoLogger.root) return;
    if (forGood) PinoLogger.root.error(fields, 'batched job item failed for good');
    else PinoLogger.root.warn(fields, 'batched job item failed; the batch will be retried');
  }

  private run(name: JobName, handler: Handler, payload: unknown, carried: unknown, job: Job, jobId: string): Promise<unknown> {
    // The request id and trace of whatever caused this job become current for its whole run.
    return continueTrace(carrierFrom(carried), `${this.queue} process ${name}`, SpanKind.CONSUMER, () => {
      // PinoLogger.root exists once the logging module has started (always, in a service).
      const root = PinoLogger.root;
      if (!root) return handler(payload, job);
      const store = new LazyLoggerStore(root, () => ({ queue: this.queue, jobId, job: name, attempt: job.attemptsMade + 1 }));
      return storage.run(store, async () => {
        const result = await handler(payload, job);
        // One line per job at debug: with LOG_LEVEL=debug a payment's request id shows every hop.
        // Checked first: below debug, every job would otherwise make the store's stand-in for nothing.
        if (root.isLevelEnabled('debug')) store.logger.debug('job done');
        return result;
      });
    });
  }
}

type Handler = (payload: unknown, job: Job) => Promise<unknown>;

const PAYLOAD_CHECKS = { whitelist: true, forbidNonWhitelisted: true };

export function validateJobPayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  const payloadClass = JOBS[name].payload as ClassConstructor<object>;
  const payload = asInstanceOf(payloadClass, data);
  // The compiled checks say "valid" without class-validator's executor; anything else is asked of it.
  if (payload && compiledChecks(payloadClass)?.passes(payload)) return payload as JobPayload<N>;
  const errors = payload ? validateSync(payload, PAYLOAD_CHECKS) : [];
  if (!payload || errors.length > 0) {
    const fields = errors.map((e) => e.property).join(', ') || 'not an object';
    throw new UnrecoverableError(`invalid ${name} payload (${fields})`);
  }
  return payload as JobPayload<N>;
}

/**
 * The job's fields on an instance of its payload class, which class-validator needs. A plain copy:
 * job payloads declare no transformations, and class-transformer's walk over its metadata cost as
 * much again as the checks themselves. A `__proto__` field would set the copy's prototype: refused.
 */
function asInstanceOf(payloadClass: ClassConstructor<object>, data: unknown): object | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || Object.hasOwn(data, '__proto__')) return null;
  return Object.assign(Object.create(payloadClass.prototype) as object, data);
}
