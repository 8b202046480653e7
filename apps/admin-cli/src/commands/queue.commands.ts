import { Command, InvalidArgumentError } from 'commander';
import { Queue } from 'bullmq';
import { ALL_QUEUES, QueueName } from '@momo/contracts';
import { loadConfig, redisOptionsFromUrl } from '@momo/platform';
import { QueuesCliConfig } from '../admin-queues.config';

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'] as const;

/**
 * For on-call: what is in each queue, why jobs failed, and putting failed jobs back. Postgres is
 * the truth (a lost job is re-created by the sweepers); these commands show the transport.
 */
export function queueCommands(program: Command): void {
  const queues = program.command('queues').description('Inspect the BullMQ queues (on-call).');

  queues
    .command('status')
    .description('Jobs per queue and state.')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withQueues(ALL_QUEUES, async (open) => {
        const rows: ({ queue: string } & Record<string, number>)[] = [];
        for (const [name, queue] of open) rows.push({ ...(await queue.getJobCounts(...STATES)), queue: name } as { queue: string } & Record<string, number>);
        if (options.json) return console.log(JSON.stringify(rows, null, 2));
        console.log(['queue'.padEnd(24), ...STATES.map((s) => s.padStart(11))].join(''));
        for (const row of rows) console.log([row.queue.padEnd(24), ...STATES.map((s) => String(row[s] ?? 0).padStart(11))].join(''));
      });
    });

  queues
    .command('failed <queue>')
    .description('The most recent failed jobs of a queue, with their reasons.')
    .option('--limit <n>', 'how many', positiveInt, 20)
    .option('--json', 'print JSON')
    .action(async (name: string, options: { limit: number; json?: boolean }) => {
      await withQueues([queueName(name)], async (open) => {
        const jobs = await open.get(queueName(name))!.getFailed(0, options.limit - 1);
        const rows = jobs.map((job) => ({
          id: job.id,
          name: job.name,
          attempts: job.attemptsMade,
          failed_at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
          reason: job.failedReason,
          data: job.data,
        }));
        if (options.json) return console.log(JSON.stringify(rows, null, 2));
        if (rows.length === 0) return console.log(`no failed jobs in ${name}`);
        for (const row of rows) console.log(`${row.failed_at} ${row.id} ${row.name} (attempts ${row.attempts}): ${row.reason}`);
      });
    });

  queues
    .command('retry <queue>')
    .description('Put the failed jobs of a queue back to run again (consumers are idempotent).')
    .action(async (name: string) => {
      await withQueues([queueName(name)], async (open) => {
        const queue = open.get(queueName(name))!;
        const before = await queue.getFailedCount();
        await queue.retryJobs({ state: 'failed' });
        console.log(`${before} failed job(s) of ${name} queued again`);
      });
    });
}

async function withQueues(names: readonly QueueName[], work: (open: Map<QueueName, Queue>) => Promise<unknown>): Promise<void> {
  const config = loadConfig(QueuesCliConfig);
  const connection = { ...redisOptionsFromUrl(config.REDIS_URL), maxRetriesPerRequest: 1 };
  const open = new Map(names.map((name) => [name, new Queue(name, { connection, prefix: config.QUEUE_PREFIX })]));
  try {
    await work(open);
  } finally {
    await Promise.all([...open.values()].map((queue) => queue.close()));
  }
}

function queueName(value: string): QueueName {
  if (!(ALL_QUEUES as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`unknown queue "${value}"; queues: ${ALL_QUEUES.join(', ')}`);
  }
  return value as QueueName;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number above 0');
  return n;
}
