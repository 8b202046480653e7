import { Queue } from 'bullmq';
import { JobIds, QueueName, toTransactionView } from '@momo/contracts';
import { OutboxRepository, TransactionsRepository } from '@momo/data';
import { JobProducer, loadConfig, QueueRegistry, redisOptionsFromUrl } from '@momo/platform';
import { createTestDatabase, deleteQueueKeys, freePort, waitFor, insertTransaction, newTransaction, queuedItems, seedMerchant, SeededMerchant, TEST_REDIS_URL, TestDatabase, uniqueQueuePrefix } from '@momo/testing';
import { PaymentsCoreConfig } from '../payments-core.config';
import { OutboxRelay } from './outbox-relay.service';

/** The outbox relay against Postgres and Redis: every committed event reaches the queue once, and none is lost when Redis refuses. */
describe('outbox relay (Postgres + Redis)', () => {
  const prefix = uniqueQueuePrefix('relay');
  const events = new Queue(QueueName.WebhookEvents, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix });
  const config = loadConfig(PaymentsCoreConfig, { OUTBOX_BATCH_SIZE: '3', QUEUE_COMMAND_TIMEOUT_MS: '300' });
  const closing: Queue[] = [events];
  let db: TestDatabase;
  let merchant: SeededMerchant;

  const relayOn = (queue: Queue): OutboxRelay => {
    return new OutboxRelay(new OutboxRepository(db.dataSource), new JobProducer(new QueueRegistry([queue]), config), config);
  };
  /** A succeeded payment and its outbox event, committed together as payments-core does. */
  const finalWithEvent = async (): Promise<string> => {
    const tx = await insertTransaction(db.dataSource, newTransaction(merchant));
    await db.dataSource.query(`UPDATE transactions SET request_id = $2 WHERE id = $1`, [tx.id, `req-${tx.id}`]);
    return db.dataSource.transaction(async (em) => {
      const settled = await new TransactionsRepository(db.dataSource).finalize(tx.id, { status: 'succeeded', failureCode: null, failureMessage: null }, em);
      await new OutboxRepository(db.dataSource).add(em, 'payment.succeeded', toTransactionView(settled!));
      const [event] = await em.query(`SELECT id FROM outbox_events WHERE transaction_id = $1`, [tx.id]);
      return event.id as string;
    });
  };
  const unpublished = async (eventIds: string[]): Promise<string[]> =>
    (await db.dataSource.query(`SELECT id FROM outbox_events WHERE id = ANY($1::uuid[]) AND published_at IS NULL`, [eventIds])).map((r: { id: string }) => r.id);
  /** The queued items of these events, each with the batch job that carries it. */
  const queuedJobs = async (eventIds: string[]) => (await queuedItems<{ eventId: string }>(events)).filter((item) => eventIds.includes(item.data.eventId));
  const publishedJobs = async (eventIds: string[]): Promise<Record<string, string | null>> =>
    Object.fromEntries(
      (await db.dataSource.query(`SELECT id, published_job FROM outbox_events WHERE id = ANY($1::uuid[])`, [eventIds])).map((r: { id: string; published_job: string | null }) => [r.id, r.published_job]),
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource, { webhookUrl: 'https://shop.example/webhooks' });
  });
  afterAll(async () => {
    await Promise.all(closing.map((queue) => queue.close()));
    await deleteQueueKeys(prefix);
    await db.drop();
  });

  it('publishes every committed event once, with its payment request id, across relays working at the same time', async () => {
    const eventIds: string[] = [];
    for (let i = 0; i < 10; i++) eventIds.push(await finalWithEvent());
    const [a, b] = await Promise.all([relayOn(events).drain(), relayOn(events).drain()]);
    expect(a + b).toBe(10);
    expect(await unpublished(eventIds)).toEqual([]);
    const jobs = await queuedJobs(eventIds);
    expect(jobs.map((job) => job.data.eventId).sort()).toEqual([...eventIds].sort());
    // Each take is one batch job (of at most OUTBOX_BATCH_SIZE), named on the events it carries.
    expect(await publishedJobs(eventIds)).toEqual(Object.fromEntries(jobs.map((job) => [job.data.eventId, job.jobId])));
    const perJob = new Map<string, number>();
    for (const job of jobs) perJob.set(job.jobId, (perJob.get(job.jobId) ?? 0) + 1);
    expect(Math.max(...perJob.values())).toBeLessThanOrEqual(3);
    expect(jobs.map((job) => job.id).sort()).toEqual(eventIds.map((id) => JobIds.webhookEvent(id)).sort());
    const [row] = await db.dataSource.query(`SELECT transaction_id FROM outbox_events WHERE id = $1`, [eventIds[0]]);
    expect(jobs.find((job) => job.data.eventId === eventIds[0])?.trace?.requestId).toBe(`req-${row.transaction_id}`);
    expect(await relayOn(events).drain()).toBe(0);
  });

  it('leaves events unpublished when Redis does not take them, and publishes them on the next round', async () => {
    const unreachable = new Queue(QueueName.WebhookEvents, { connection: { ...redisOptionsFromUrl(`redis://127.0.0.1:${await freePort()}/0`), retryStrategy: () => 1_000 }, prefix });
    unreachable.on('error', () => undefined);
    closing.push(unreachable);
    const eventIds = [await finalWithEvent(), await finalWithEvent()];
    await expect(relayOn(unreachable).drain()).rejects.toThrow(/did not accept/);
    expect((await unpublished(eventIds)).sort()).toEqual([...eventIds].sort());
    expect(await queuedJobs(eventIds)).toEqual([]);
    expect(Object.values(await publishedJobs(eventIds))).toEqual([null, null]);

    expect(await relayOn(events).drain()).toBe(2);
    expect(await unpublished(eventIds)).toEqual([]);
    expect(await queuedJobs(eventIds)).toHaveLength(2);
  });

  it('publishes the events a commit names by their ids, skips those a replica already took, and scans for the rest', async () => {
    const relay = relayOn(events);
    relay.onApplicationBootstrap();
    try {
      const announced = await finalWithEvent();
      relay.kick([announced]);
      await waitFor(async () => ((await queuedJobs([announced])).length === 1 ? true : undefined), { timeoutMs: 5_000 });

      // Taken by another relay's scan first: naming it again publishes nothing twice.
      const takenElsewhere = await finalWithEvent();
      expect(await relayOn(events).drain()).toBeGreaterThanOrEqual(1);
      const [item] = await queuedJobs([takenElsewhere]);
      await events.remove(item.jobId);
      relay.kick([takenElsewhere]);
      // Written without a kick (or by a process that died before kicking): the periodic scan finds it.
      const unannounced = await finalWithEvent();
      await waitFor(async () => ((await queuedJobs([unannounced])).length === 1 ? true : undefined), { timeoutMs: 5_000 });
      expect(await queuedJobs([takenElsewhere])).toEqual([]);
      expect(await unpublished([announced, takenElsewhere, unannounced])).toEqual([]);
    } finally {
      await relay.onApplicationShutdown();
    }
  });
});
