import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { ALL_QUEUES, QueueName } from '@momo/contracts';
import { redisOptionsFromUrl } from '@momo/platform';
import { TEST_REDIS_URL } from '../redis';

export interface QueuesQuietOptions {
  /** The queues to watch (default: every queue of the system). */
  queues?: readonly QueueName[];
  timeoutMs?: number;
  redisUrl?: string;
}

/** Job states that mean work is still to be done. */
const BUSY_STATES = ['waiting', 'active', 'prioritized', 'waiting-children'] as const;

/**
 * Waits until every queue under `queuePrefix` is quiet: nothing waiting or running, and no retry
 * or delayed job due before the timeout (twenty's `waitForAllJobsToFinish`). Repeating jobs of
 * job schedulers never count: they are never done. Quiet must hold on two polls in a row, so a
 * job that adds the next hop's job as it completes is not mistaken for the end.
 *
 * Only queues: work a service keeps in Postgres until a timer picks it up (the outbox) is the
 * test's to wait for.
 */
export async function waitForAllJobsToFinish(queuePrefix: string, { queues = ALL_QUEUES, timeoutMs = 15_000, redisUrl = TEST_REDIS_URL }: QueuesQuietOptions = {}): Promise<void> {
  const connection = new Redis(redisOptionsFromUrl(redisUrl));
  const open = queues.map((name) => new Queue(name, { connection, prefix: queuePrefix }));
  const deadline = Date.now() + timeoutMs;
  try {
    for (let quietPolls = 0; ; ) {
      const busy = (await Promise.all(open.map((queue) => busyJobs(connection, queue, queuePrefix, deadline)))).flat();
      quietPolls = busy.length === 0 ? quietPolls + 1 : 0;
      if (quietPolls === 2) return;
      if (busy.length > 0 && Date.now() > deadline) throw new Error(`queues under ${queuePrefix} still busy after ${timeoutMs} ms: ${busy.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await Promise.all(open.map((queue) => queue.close()));
    connection.disconnect();
  }
}

/** What keeps one queue busy, e.g. `operator-requests: 2 waiting`; empty when it is quiet. */
async function busyJobs(connection: Redis, queue: Queue, queuePrefix: string, deadline: number): Promise<string[]> {
  const counts = await queue.getJobCounts(...BUSY_STATES);
  const busy = BUSY_STATES.filter((state) => (counts[state] ?? 0) > 0).map((state) => `${queue.name}: ${counts[state]} ${state}`);
  // BullMQ scores a delayed job by its due time (ms * 0x1000 + a counter); a job scheduler's
  // repeats have ids `repeat:<scheduler>:<ms>`.
  const due = await connection.zrangebyscore(`${queuePrefix}:${queue.name}:delayed`, 0, (deadline + 1) * 0x1000 - 1);
  const dueDelayed = due.filter((id) => !id.startsWith('repeat:')).length;
  if (dueDelayed > 0) busy.push(`${queue.name}: ${dueDelayed} delayed`);
  return busy;
}
