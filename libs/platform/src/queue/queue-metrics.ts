import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { metricsRegistry } from '../metrics';
import { QueueRegistry } from './queue-registry';

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'waiting-children'] as const;
const watched = new Map<string, Queue>();

/**
 * Jobs per queue and state, read from Redis when Prometheus scrapes: what on-call looks at first
 * when something is stuck (a growing `waiting`, a non-zero `failed`).
 */
new Gauge({
  name: 'momo_queue_jobs',
  help: 'Jobs in each BullMQ queue by state, at scrape time.',
  labelNames: ['queue', 'state'],
  registers: [metricsRegistry],
  async collect() {
    for (const [name, queue] of watched) {
      try {
        const counts = await queue.getJobCounts(...STATES);
        for (const state of STATES) this.set({ queue: name, state }, counts[state] ?? 0);
      } catch {
        // Redis unreachable: readiness reports it; the gauge keeps its last values.
      }
    }
  },
});

/**
 * How long the oldest job has been ready and waiting for a worker, per queue: a backlog that is
 * not draining. A job is ready from its creation (plus its delay) or, when it is waiting for
 * another attempt, from the end of its previous one.
 */
new Gauge({
  name: 'momo_queue_oldest_waiting_age_seconds',
  help: 'Age of the oldest job ready and waiting for a worker in each BullMQ queue (0 when none), at scrape time.',
  labelNames: ['queue'],
  registers: [metricsRegistry],
  async collect() {
    for (const [name, queue] of watched) {
      try {
        const [oldest] = await queue.getJobs(['waiting'], 0, 0, true);
        // One reading of the clock: an empty queue is exactly 0, not the millisecond between two readings.
        const now = Date.now();
        const readySince = oldest ? Math.max(oldest.timestamp + (oldest.delay ?? 0), oldest.processedOn ?? 0, oldest.finishedOn ?? 0) : now;
        this.set({ queue: name }, Math.max(0, (now - readySince) / 1000));
      } catch {
        // as above
      }
    }
  },
});

/** Adds the queues a service registered to the queue gauges. */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(private readonly queues: QueueRegistry) {}

  onModuleInit(): void {
    for (const name of this.queues.names) watched.set(name, this.queues.queue(name));
  }
}
