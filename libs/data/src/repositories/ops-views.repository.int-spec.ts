import { randomUUID } from 'node:crypto';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, TestDatabase } from '@momo/testing';
import { OpsViewsRepository } from './ops-views.repository';

/**
 * The on-call console's outbox views: an event counts as taken by the dispatcher once its delivery
 * is made, before the sweeper marks it consumed; consumed with no delivery means its app had no
 * webhook URL in that mode.
 */
describe('OpsViewsRepository: outbox events taken or not', () => {
  let db: TestDatabase;
  let views: OpsViewsRepository;
  beforeAll(async () => {
    db = await createTestDatabase();
    views = new OpsViewsRepository(db.dataSource);
  });
  afterAll(() => db?.drop());

  type EventState = 'unpublished' | 'published' | 'delivered' | 'consumed_without_delivery';

  /** A payment with its event in `state` (the views read the event, not the status); returns the transaction id. */
  async function paymentWithEvent(owner: { merchantId: string; appId: string }, state: EventState): Promise<string> {
    const tx = await insertTransaction(db.dataSource, newTransaction(owner));
    const eventId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO outbox_events (id, event_type, transaction_id, app_id, payload, published_at, consumed_at)
       VALUES ($1, 'payment.succeeded', $2, $3, '{}'::json, $4, $5)`,
      [eventId, tx.id, owner.appId, state === 'unpublished' ? null : new Date(Date.now() - 2_000), state === 'consumed_without_delivery' ? new Date() : null],
    );
    if (state === 'delivered') {
      await db.dataSource.query(
        `INSERT INTO webhook_deliveries (id, event_id, app_id, transaction_id, event_type, url, body, status, mode, delivered_at)
         VALUES ($1, $2, $3, $4, 'payment.succeeded', 'https://example.com/hook', '{}', 'delivered', 'test', now())`,
        [randomUUID(), eventId, owner.appId, tx.id],
      );
    }
    return tx.id;
  }

  it('counts only published events with no delivery and no consumed mark as not taken', async () => {
    const merchant = await seedMerchant(db.dataSource, { webhookUrl: 'https://example.com/hook' });
    await paymentWithEvent(merchant, 'unpublished');
    await paymentWithEvent(merchant, 'published');
    await paymentWithEvent(merchant, 'delivered');
    await paymentWithEvent(merchant, 'consumed_without_delivery');

    const progress = await views.outboxProgress();

    expect(progress).toMatchObject({ unpublished: 1, publishedNotTaken: 1 });
    expect(progress.oldestNotTakenSeconds).toBeGreaterThanOrEqual(1);
  });

  it("gives each event of a payment's story the moment its delivery was made, if it was", async () => {
    const merchant = await seedMerchant(db.dataSource, { webhookUrl: 'https://example.com/hook' });
    const delivered = await views.story(await paymentWithEvent(merchant, 'delivered'));
    const waiting = await views.story(await paymentWithEvent(merchant, 'published'));
    const nowhere = await views.story(await paymentWithEvent(merchant, 'consumed_without_delivery'));

    expect(delivered!.outboxEvents[0].delivery_created_at).toBeInstanceOf(Date);
    expect(delivered!.deliveries).toHaveLength(1);
    expect(waiting!.outboxEvents[0]).toMatchObject({ delivery_created_at: null, consumed_at: null });
    expect(nowhere!.outboxEvents[0]).toMatchObject({ delivery_created_at: null, consumed_at: expect.any(Date) });
  });
});
