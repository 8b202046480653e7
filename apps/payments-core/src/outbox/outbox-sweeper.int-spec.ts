import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { JobIds, QueueName, toTransactionView } from '@momo/contracts';
import { OutboxConsumptionRepository, OutboxRepository, TransactionsRepository, WebhookDeliveriesRepository } from '@momo/data';
import { BATCH_FIELD, JobProducer, loadConfig, QueueRegistry, redisOptionsFromUrl } from '@momo/platform';
import {
  createTestDatabase,
  deleteQueueKeys,
  insertTransaction,
  newTransaction,
  queuedItems,
  seedMerchant,
  SeededMerchant,
  TEST_REDIS_URL,
  TestDatabase,
  uniqueQueuePrefix,
  waitFor,
} from '@momo/testing';
import { PaymentsCoreConfig } from '../payments-core.config';
import { OutboxRelay } from './outbox-relay.service';
import { OutboxSweeper } from './outbox-sweeper.service';

/**
 * The outbox sweeper against Postgres and Redis: what it counts as consumed, what it leaves to a
 * backlog, and what it publishes again because Redis lost it or the job failed for good.
 */
describe('outbox sweeper (Postgres + Redis)', () => {
  const prefix = uniqueQueuePrefix('outbox');
  const connection = redisOptionsFromUrl(TEST_REDIS_URL);
  const events = new Queue(QueueName.WebhookEvents, { connection, prefix });
  const config = loadConfig(PaymentsCoreConfig, { OUTBOX_SWEEP_GRACE_MS: '60000', OUTBOX_SWEEP_BATCH: '3' });
  let db: TestDatabase;
  let withUrl: SeededMerchant;
  let withoutUrl: SeededMerchant;
  let relay: OutboxRelay;
  let sweeper: OutboxSweeper;

  beforeAll(async () => {
    db = await createTestDatabase();
    withUrl = await seedMerchant(db.dataSource, { webhookUrl: 'https://shop.example/webhooks' });
    withoutUrl = await seedMerchant(db.dataSource);
    const producer = new JobProducer(new QueueRegistry([events]));
    relay = new OutboxRelay(new OutboxRepository(db.dataSource), producer, config);
    sweeper = new OutboxSweeper(new OutboxConsumptionRepository(db.dataSource), producer, config);
  });
  afterAll(async () => {
    await events.close();
    await deleteQueueKeys(prefix);
    await db.drop();
  });

  /** A succeeded payment and its outbox event, committed together as payments-core does. */
  const finalWithEvent = async (owner: SeededMerchant): Promise<string> => {
    const tx = await insertTransaction(db.dataSource, newTransaction(owner));
    return db.dataSource.transaction(async (em) => {
      const settled = await new TransactionsRepository(db.dataSource).finalize(tx.id, { status: 'succeeded', failureCode: null, failureMessage: null }, em);
      await new OutboxRepository(db.dataSource).add(em, 'payment.succeeded', toTransactionView(settled!));
      const [event] = await em.query(`SELECT id FROM outbox_events WHERE transaction_id = $1`, [tx.id]);
      return event.id as string;
    });
  };
  const publishedMinutesAgo = (eventId: string, minutes: number) =>
    db.dataSource.query(`UPDATE outbox_events SET published_at = now() - make_interval(mins => $2) WHERE id = $1`, [eventId, minutes]);
  const consumed = async (eventIds: string[]) =>
    (await db.dataSource.query(`SELECT id FROM outbox_events WHERE id = ANY($1::uuid[]) AND consumed_at IS NOT NULL`, [eventIds])).map((r: { id: string }) => r.id).sort();
  const publishedJobOf = async (eventId: string): Promise<string | null> =>
    (await db.dataSource.query(`SELECT published_job FROM outbox_events WHERE id = $1`, [eventId]))[0].published_job;
  /** The state of the job that carries the event now (its batch), as the sweeper reads it. */
  const stateOf = async (eventId: string) => events.getJobState((await publishedJobOf(eventId)) ?? JobIds.webhookEvent(eventId));
  const deliver = (eventId: string) => new WebhookDeliveriesRepository(db.dataSource).createDeliveryForEvent(eventId, new Date(), new Date());
  /** An event published alone, in a batch job of its own, as the relay does when one is committed at a time. */
  const publishedAlone = async (owner: SeededMerchant): Promise<string> => {
    const eventId = await finalWithEvent(owner);
    expect(await relay.drain()).toBe(1);
    return eventId;
  };
  const itemsOf = async (eventIds: string[]) => (await queuedItems<{ eventId: string }>(events)).filter((item) => eventIds.includes(item.data.eventId));

  it('marks consumed what the dispatcher has, leaves a backlog alone, and publishes again what Redis lost or failed for good', async () => {
    // One job the dispatcher completed without a delivery (no URL at the time), one it failed for good.
    const completed = await publishedAlone(withUrl);
    const failed = await publishedAlone(withUrl);
    const worker = new Worker(
      QueueName.WebhookEvents,
      async (job: Job) => {
        const items = (job.data[BATCH_FIELD] ?? []) as { payload: { eventId: string } }[];
        if (items.some((item) => item.payload.eventId === failed)) throw new UnrecoverableError('the dispatcher gave up');
      },
      { connection, prefix },
    );
    await waitFor(async () => ((await stateOf(completed)) === 'completed' && (await stateOf(failed)) === 'failed' ? true : undefined), { what: 'the dispatcher jobs' });
    await worker.close();

    const delivered = [await publishedAlone(withUrl), await publishedAlone(withUrl), await publishedAlone(withUrl), await publishedAlone(withUrl)];
    const noUrl = await publishedAlone(withoutUrl);
    const lost = await publishedAlone(withUrl);
    const backlog = await publishedAlone(withUrl);
    for (const eventId of delivered) await deliver(eventId);
    await events.remove((await publishedJobOf(lost))!);
    // Oldest first: the delivered ones fill whole batches, so the sweep must go on past them.
    for (const [i, eventId] of [...delivered, noUrl, completed, failed, lost, backlog].entries()) await publishedMinutesAgo(eventId, 20 - i);
    const young = await publishedAlone(withUrl);
    await events.remove((await publishedJobOf(young))!);
    const failedJob = await publishedJobOf(failed);

    expect(await sweeper.sweep()).toEqual({ consumed: 6, queued: 1, republished: 2 });
    expect(await consumed([...delivered, noUrl, completed, failed, lost, backlog, young])).toEqual([...delivered, noUrl, completed].sort());
    // Published again together, as one new batch job whose id both keep (the failed one is still kept, as failed jobs are).
    const again = (await itemsOf([lost, failed])).filter((item) => item.jobId !== failedJob);
    expect(again.map((item) => item.data.eventId).sort()).toEqual([lost, failed].sort());
    expect(new Set(again.map((item) => item.jobId)).size).toBe(1);
    expect(await publishedJobOf(lost)).toBe(again[0].jobId);
    expect(await publishedJobOf(failed)).toBe(again[0].jobId);
    expect(await stateOf(lost)).toBe('waiting');
    expect(await stateOf(failed)).toBe('waiting');
    expect(await stateOf(backlog)).toBe('waiting');
    expect(await stateOf(young)).toBe('unknown');

    // The dispatcher takes the re-published events: the next round marks them and leaves only the backlog.
    await deliver(lost);
    await deliver(failed);
    expect(await sweeper.sweep()).toEqual({ consumed: 2, queued: 1, republished: 0 });
    expect(await consumed([lost, failed, backlog])).toEqual([lost, failed].sort());
  });

  it('publishes again every event Redis lost in a flush, once', async () => {
    const eventIds = [await finalWithEvent(withUrl), await finalWithEvent(withUrl), await finalWithEvent(withUrl), await finalWithEvent(withUrl)];
    expect(await relay.drain()).toBe(4);
    for (const eventId of eventIds) await publishedMinutesAgo(eventId, 5);
    await events.obliterate({ force: true });

    const [first, second] = await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    expect(first).toBe(second);
    expect(first.republished).toBe(eventIds.length + 1); // and the backlog event of the test above, lost too
    const items = await queuedItems<{ eventId: string }>(events);
    expect(items).toHaveLength(eventIds.length + 1);
    const mine = items.filter((item) => eventIds.includes(item.data.eventId));
    expect(mine.map((item) => item.data.eventId).sort()).toEqual([...eventIds].sort());
    for (const item of mine) expect(await publishedJobOf(item.data.eventId)).toBe(item.jobId);
  });

  it('reads the job of an event an earlier release published alone by its own id', async () => {
    const waiting = await finalWithEvent(withUrl);
    const gone = await finalWithEvent(withUrl);
    await db.dataSource.query(`UPDATE outbox_events SET published_at = now() - interval '5 minutes', published_job = NULL WHERE id = ANY($1::uuid[])`, [[waiting, gone]]);
    await events.add('publish-webhook-event', { eventId: waiting }, { jobId: JobIds.webhookEvent(waiting) });

    // Queued besides it: the five events the flush above lost, published again and still waiting.
    expect(await sweeper.sweep()).toEqual({ consumed: 0, queued: 6, republished: 1 });
    expect(await publishedJobOf(waiting)).toBeNull();
    expect(await itemsOf([gone])).toHaveLength(1);
    expect(await publishedJobOf(gone)).toBe((await itemsOf([gone]))[0].jobId);
  });
});
