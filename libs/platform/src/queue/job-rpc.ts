import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Job, QueueEvents } from 'bullmq';
import { COMMAND_JOB_OPTIONS, JOBS, JobName, JobPayload, JobReply, QueueName } from '@momo/contracts';
import { InfraConfig } from '../config';
import { JobProducer } from './job-producer';
import { withDeadline } from './deadline';
import { redisOptionsFromUrl } from './redis-connection';

export type RpcResult<T> =
  | { status: 'completed'; value: T }
  | { status: 'failed'; reason: string }
  | { status: 'timeout' };

/**
 * Request/reply over a queue: add a job, wait (bounded) for its return value. The job id makes a
 * retried call join the first job instead of running the work twice. A timeout says nothing about
 * whether the work happened: callers must be able to find out (the id is deterministic).
 */
@Injectable()
export class JobRpc implements OnApplicationShutdown {
  private readonly events = new Map<QueueName, QueueEvents>();

  constructor(
    private readonly producer: JobProducer,
    private readonly config: InfraConfig,
  ) {}

  async call<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    options: { jobId: string; timeoutMs: number },
  ): Promise<RpcResult<JobReply<N>>> {
    let job: Job;
    let queueEvents: QueueEvents;
    try {
      queueEvents = await withDeadline(this.queueEvents(JOBS[name].queue), options.timeoutMs, () => new Error('queue events not ready'));
      job = await this.producer.add(name, payload, { ...COMMAND_JOB_OPTIONS, jobId: options.jobId });
    } catch (error) {
      // Redis unreachable: whether the job exists is unknown, as after a timeout.
      return { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
    try {
      const value = (await job.waitUntilFinished(queueEvents, options.timeoutMs)) as JobReply<N>;
      return { status: 'completed', value };
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
