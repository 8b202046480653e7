import { randomUUID } from 'node:crypto';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, TestDatabase } from '@momo/testing';
import { EventsRepository } from './events.repository';
import { MerchantsRepository } from './merchants.repository';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';

/** The events API's reads: scoped to an app (or an account) and a mode, paged newest first, and the very body a webhook carries. */
describe('EventsRepository', () => {
  let db: TestDatabase;
  let events: EventsRepository;
  beforeAll(async () => {
    db = await createTestDatabase();
    events = new EventsRepository(db.dataSource);
  });
  afterAll(() => db?.drop());

  async function addEvent(owner: { merchantId: string; appId: string }, mode: 'test' | 'live', type = 'payment.succeeded', createdAt = new Date()) {
    const tx = await insertTransaction(db.dataSource, newTransaction(owner, { mode }));
    const id = randomUUID();
    await db.dataSource.query(`INSERT INTO outbox_events (id, event_type, transaction_id, app_id, payload, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      id,
      type,
      tx.id,
      owner.appId,
      JSON.stringify({ id: tx.id, mode, app_id: owner.appId, amount: 1000 }),
      createdAt,
    ]);
    return id;
  }

  it("keeps an app key to its app's events and its mode; an account sees all its apps'", async () => {
    const merchant = await seedMerchant(db.dataSource, { webhookUrl: 'https://example.com/hook' });
    const secondApp = randomUUID();
    await new MerchantsRepository(db.dataSource).upsertApp({
      id: secondApp,
      merchantId: merchant.merchantId,
      name: 'second',
      webhooks: { test: { url: null, secretCiphertext: 'sealed' }, live: { url: null, secretCiphertext: 'sealed' } },
    });
    const stranger = await seedMerchant(db.dataSource);
    const mine = await addEvent(merchant, 'test');
    const live = await addEvent(merchant, 'live');
    const other = await addEvent({ merchantId: merchant.merchantId, appId: secondApp }, 'test');
    const foreign = await addEvent(stranger, 'test');

    const ids = async (scope: Parameters<EventsRepository['list']>[0]) => (await events.list(scope, {}, 10)).map((r) => r.event.id).sort();
    expect(await ids({ merchantId: merchant.merchantId, mode: 'test', appId: merchant.appId })).toEqual([mine]);
    expect(await ids({ merchantId: merchant.merchantId, mode: 'live', appId: merchant.appId })).toEqual([live]);
    expect(await ids({ merchantId: merchant.merchantId, mode: 'test' })).toEqual([mine, other].sort());
    expect(await events.find(foreign, { merchantId: merchant.merchantId, mode: 'test' })).toBeNull();
    expect(await events.find(live, { merchantId: merchant.merchantId, mode: 'test', appId: merchant.appId })).toBeNull();
    expect(await events.find(other, { merchantId: merchant.merchantId, mode: 'test', appId: merchant.appId })).toBeNull();
    expect((await events.find(other, { merchantId: merchant.merchantId, mode: 'test' }))?.appId).toBe(secondApp);
  });

  it('pages newest first without skipping or repeating, filters by type and time', async () => {
    const merchant = await seedMerchant(db.dataSource);
    const scope = { merchantId: merchant.merchantId, mode: 'test' as const, appId: merchant.appId };
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const created = [await addEvent(merchant, 'test', 'payment.succeeded', at(1)), await addEvent(merchant, 'test', 'payment.failed', at(2)), await addEvent(merchant, 'test', 'payment.succeeded', at(2)), await addEvent(merchant, 'test', 'payout.failed', at(3))];

    const seen: string[] = [];
    let before: Awaited<ReturnType<EventsRepository['list']>>[number]['position'] | undefined;
    for (;;) {
      const rows = await events.list(scope, {}, 1, before);
      seen.push(rows[0].event.id);
      if (rows.length === 1) break;
      before = rows[0].position;
    }
    expect(seen).toHaveLength(4);
    expect(new Set(seen)).toEqual(new Set(created));
    expect(seen[0]).toBe(created[3]);
    expect(seen[3]).toBe(created[0]);

    expect((await events.list(scope, { types: ['payment.failed', 'payout.failed'] }, 10)).map((r) => r.event.id)).toEqual([created[3], created[1]]);
    expect((await events.list(scope, { createdFrom: at(2), createdTo: at(3) }, 10)).map((r) => r.event.id).sort()).toEqual([created[1], created[2]].sort());
  });

  it('serves the exact body the dispatcher fixes for the webhook', async () => {
    const merchant = await seedMerchant(db.dataSource, { webhookUrl: 'https://example.com/hook' });
    const id = await addEvent(merchant, 'test');
    const now = new Date();
    const [delivery] = await new WebhookDeliveriesRepository(db.dataSource).createDeliveriesForEvents([{ eventId: id, now, leaseUntil: new Date(now.getTime() + 90_000) }]);
    if (delivery.kind !== 'created') throw new Error(`expected a new delivery, got ${delivery.kind}`);
    expect((await events.find(id, { merchantId: merchant.merchantId, mode: 'test' }))?.body).toBe(delivery.delivery.body);
  });
});
