import { Queue } from 'bullmq';
import { QueueName } from '@momo/contracts';
import { deleteQueueKeys, TEST_REDIS_URL, uniqueQueuePrefix } from '@momo/testing';
import { metricsRegistry } from '../metrics';
import { redisOptionsFromUrl } from './redis-connection';
import { QueueMetrics } from './queue-metrics';
import { QueueRegistry } from './queue-registry';

/** The queue gauges on-call alerts on (backlog and age), read from a real Redis at scrape time. */
describe('queue metrics (Redis)', () => {
  const prefix = uniqueQueuePrefix('qmetrics');
  const queue = new Queue(QueueName.WebhookDeliveries, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix });

  beforeAll(() => new QueueMetrics(new QueueRegistry([queue])).onModuleInit());
  afterAll(async () => {
    await queue.close();
    await deleteQueueKeys(prefix);
  });

  const sample = async (name: string, labels: string) => {
    const line = (await metricsRegistry.getSingleMetricAsString(name)).split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };
  const queueLabel = `queue="${QueueName.WebhookDeliveries}"`;

  it('reports 0 for an empty queue', async () => {
    expect(await sample('momo_queue_oldest_waiting_age_seconds', queueLabel)).toBe(0);
    expect(await sample('momo_queue_jobs', `${queueLabel},state="waiting"`)).toBe(0);
  });

  it('counts waiting jobs and reports how long the oldest has waited', async () => {
    await queue.add('old', {}, { timestamp: Date.now() - 120_000 });
    await queue.add('new', {});
    await queue.add('later', {}, { delay: 600_000 });
    expect(await sample('momo_queue_jobs', `${queueLabel},state="waiting"`)).toBe(2);
    expect(await sample('momo_queue_jobs', `${queueLabel},state="delayed"`)).toBe(1);
    const age = await sample('momo_queue_oldest_waiting_age_seconds', queueLabel);
    expect(age).toBeGreaterThanOrEqual(120);
    expect(age).toBeLessThan(180);
  });
});
