import type { Queue } from 'bullmq';
import { ALL_QUEUES, JOBS, JobName, QueueName } from '@momo/contracts';

/** What a queue consumer says it handles (JobHandlerHost.consumer). */
export interface QueueConsumer {
  /** The consumer's class, named in boot errors. */
  name: string;
  queue: QueueName;
  /** Job names it has a handler for. */
  handles: string[];
}

/**
 * The queues a service registered (QueuesModule.register), by name: the only way producers,
 * metrics and sweepers reach a BullMQ queue. Built at boot, where it refuses a queue registered
 * twice; `check` then refuses consumers that would lose jobs or run them twice.
 */
export class QueueRegistry {
  private readonly byName = new Map<QueueName, Queue>();

  constructor(queues: readonly Queue[]) {
    for (const queue of queues) {
      const name = queue.name as QueueName;
      if (!ALL_QUEUES.includes(name)) throw new Error(`queue "${queue.name}" is not one of the QueueName queues`);
      if (this.byName.has(name)) throw new Error(`queue ${name} is registered twice`);
      this.byName.set(name, queue);
    }
  }

  get names(): QueueName[] {
    return [...this.byName.keys()];
  }

  queue(name: QueueName): Queue {
    const queue = this.byName.get(name);
    if (!queue) throw new Error(`queue ${name} is not registered in this service (add it to the queues its module registers)`);
    return queue;
  }

  /** The queue a job of this name travels on. */
  queueOf(name: JobName): Queue {
    return this.queue(JOBS[name].queue);
  }

  /**
   * Boot check of this service's consumers, all problems in one message: each consumer's queue
   * registered here, one consumer per queue, and a handler for every job of its queue and for
   * nothing else.
   */
  check(consumers: readonly QueueConsumer[]): void {
    const problems: string[] = [];
    const owners = new Map<QueueName, string>();
    for (const consumer of consumers) {
      const where = `${consumer.name} (queue ${consumer.queue})`;
      if (!this.byName.has(consumer.queue)) problems.push(`${where}: the queue is not registered in this service`);
      const owner = owners.get(consumer.queue);
      if (owner) problems.push(`${where}: queue ${consumer.queue} is already handled by ${owner}`);
      else owners.set(consumer.queue, consumer.name);
      const expected = (Object.keys(JOBS) as JobName[]).filter((job) => JOBS[job].queue === consumer.queue);
      const missing = expected.filter((job) => !consumer.handles.includes(job));
      const foreign = consumer.handles.filter((job) => !(expected as string[]).includes(job));
      if (missing.length > 0) problems.push(`${where}: no handler for ${missing.join(', ')}`);
      if (foreign.length > 0) problems.push(`${where}: handlers for jobs of other queues: ${foreign.join(', ')}`);
    }
    if (problems.length > 0) throw new Error(`queue consumers do not match the job map:\n- ${problems.join('\n- ')}`);
  }
}
