import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Job, JobsOptions, Queue } from 'bullmq';
import { DURABLE_JOB_OPTIONS, JOBS, JobName, JobPayload } from '@momo/contracts';

export interface EnqueueOptions extends Omit<JobsOptions, 'jobId'> {
  /** Always a JobIds builder result: duplicates are cut by id, not by luck. */
  jobId: string;
}

/** Typed `add`: the job name picks the queue and the payload type. */
@Injectable()
export class JobProducer {
  constructor(private readonly moduleRef: ModuleRef) {}

  queueFor(name: JobName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(JOBS[name].queue), { strict: false });
  }

  add<N extends JobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions): Promise<Job> {
    return this.queueFor(name).add(name, payload, { ...DURABLE_JOB_OPTIONS, ...options });
  }

  /** One round trip for many jobs of one kind (outbox relay, sweeps). */
  addBulk<N extends JobName>(name: N, jobs: { payload: JobPayload<N>; options: EnqueueOptions }[]): Promise<Job[]> {
    if (jobs.length === 0) return Promise.resolve([]);
    return this.queueFor(name).addBulk(
      jobs.map(({ payload, options }) => ({ name, data: payload, opts: { ...DURABLE_JOB_OPTIONS, ...options } })),
    );
  }
}
