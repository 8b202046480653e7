import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { JobIds, QueueName, toTransactionView } from '@momo/contracts';
import { OutboxConsumptionRepository, OutboxRepository, TransactionsRepository, WebhookDeliveriesRepository } from '@momo/data';
import { JobProducer, loadConfig, QueueRegistry, redisOptionsFromUrl } from '@momo/platform';
import {
  createTestDatabase,
  deleteQueueKeys,
  insertTransaction,
  newTransaction,
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
  const stateOf = (eventId: string) => events.getJobState(JobIds.webhookEvent(eventId));
  const deliver = (eventId: string) => new WebhookDeliveriesRepository(db.dataSource).createDeliveryForEvent(eventId, new Date(), new Date());

  it('marks consumed what the dispatcher has, leaves a backlog alone, and publishes again what Redis lost or failed for good', async () => {
    // One job the dispatcher completed without a delivery (no URL at the time), one it failed for good.
    const completed = await finalWithEvent(withUrl);
    const failed = await finalWithEvent(withUrl);
    expect(await relay.drain()).toBe(2);
    const worker = new Worker(
      QueueName.WebhookEvents,
      async (job: Job) => {
        if (job.data.eventId === failed) throw new UnrecoverableError('the dispatcher gave up');
      },
      { connection, prefix },
    );
    await waitFor(async () => ((await stateOf(completed)) === 'completed' && (await stateOf(failed)) === 'failed' ? true : undefined), { what: 'the dispatcher jobs' });
    await worker.close();

    const delivered = [await finalWithEvent(withUrl), await finalWithEvent(withUrl), await finalWithEvent(withUrl), await finalWithEvent(withUrl)];
    const noUrl = await finalWithEvent(withoutUrl);
    const lost = await finalWithEvent(withUrl);
    const backlog = await finalWithEvent(withUrl);
    expect(await relay.drain()).toBe(7);
    for (const eventId of delivered) await deliver(eventId);
    await events.remove(JobIds.webhookEvent(lost));
    // Oldest first: the delivered ones fill whole batches, so the sweep must go on past them.
    for (const [i, eventId] of [...delivered, noUrl, completed, failed, lost, backlog].entries()) await publishedMinutesAgo(eventId, 20 - i);
    const young = await finalWithEvent(withUrl);
    await relay.drain();
    await events.remove(JobIds.webhookEvent(young));

    expect(await sweeper.sweep()).toEqual({ consumed: 6, queued: 1, republished: 2 });
    expect(await consumed([...delivered, noUrl, completed, failed, lost, backlog, young])).toEqual([...delivered, noUrl, completed].sort());
    expect(await stateOf(lost)).toBe('waiting');
    expect(await stateOf(failed)).toBe('waiting');
    expect((await events.getJob(JobIds.webhookEvent(failed)))?.data).toEqual({ eventId: failed });
    expect(await stateOf(backlog)).toBe('waiting');
    expect(await stateOf(young)).toBe('unknown');

    // The dispatcher takes the re-published events: the next round marks them and leaves only the backlog.
    await deliver(lost);
    await deliver(failed);
    expect(await sweeper.sweep()).toEqual({ consumed: 2, queued: 1, republished: 0 });
    expect(await consumed([lost, failed, backlog])).toEqual([lost, failed].sort());
  });

  it('publishes again every event Redis lost in a flush, once, with the same job id', async () => {
    const eventIds = [await finalWithEvent(withUrl), await finalWithEvent(withUrl), await finalWithEvent(withUrl), await finalWithEvent(withUrl)];
    await relay.drain();
    for (const eventId of eventIds) await publishedMinutesAgo(eventId, 5);
    await events.obliterate({ force: true });

    const [first, second] = await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    expect(first).toBe(second);
    expect(first.republished).toBe(eventIds.length + 1); // and the backlog event of the test above, lost too
    const waiting = await events.getJobs(['waiting']);
    expect(waiting.map((j) => j.id).filter((id) => eventIds.some((e) => id === JobIds.webhookEvent(e)))).toHaveLength(eventIds.length);
    expect(await events.getJobCounts('waiting')).toEqual({ waiting: eventIds.length + 1 });
  });
});
