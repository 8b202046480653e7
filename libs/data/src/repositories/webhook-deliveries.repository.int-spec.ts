import { randomUUID } from 'node:crypto';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, TestDatabase } from '@momo/testing';
import { AttemptToRecord, WebhookDeliveriesRepository } from './webhook-deliveries.repository';

/** The batched writes keep the one-attempt-once rule even when a batch names a delivery twice. */
describe('WebhookDeliveriesRepository batches', () => {
  let db: TestDatabase;
  let repo: WebhookDeliveriesRepository;
  beforeAll(async () => {
    db = await createTestDatabase();
    repo = new WebhookDeliveriesRepository(db.dataSource);
  });
  afterAll(() => db?.drop());

  async function newDelivery() {
    const merchant = await seedMerchant(db.dataSource, { webhookUrl: 'https://example.com/hook' });
    const tx = await insertTransaction(db.dataSource, newTransaction(merchant));
    const eventId = randomUUID();
    await db.dataSource.query(`INSERT INTO outbox_events (id, event_type, transaction_id, app_id, payload) VALUES ($1, 'payment.succeeded', $2, $3, $4)`, [
      eventId,
      tx.id,
      merchant.appId,
      JSON.stringify({ id: tx.id, mode: 'test', amount: 1000 }),
    ]);
    return { merchant, eventId };
  }

  it('creates one delivery per event even when the event comes twice in a batch, with the stored JSON as data', async () => {
    const { eventId } = await newDelivery();
    const now = new Date();
    const [first, second] = await repo.createDeliveriesForEvents([
      { eventId, now, leaseUntil: new Date(now.getTime() + 90_000) },
      { eventId, now, leaseUntil: new Date(now.getTime() + 90_000) },
    ]);
    expect(first.kind).toBe('created');
    expect(second.kind).toBe('existing');
    if (first.kind !== 'created') throw new Error('unreachable');
    const body = JSON.parse(first.delivery.body);
    expect(body).toMatchObject({ id: eventId, type: 'payment.succeeded', data: { mode: 'test', amount: 1000 } });
    expect(first.delivery.body.endsWith(`"data":{"id":"${body.data.id}","mode":"test","amount":1000}}`)).toBe(true);
    expect((await repo.createDeliveriesForEvents([{ eventId: randomUUID(), now, leaseUntil: now }]))[0]).toEqual({ kind: 'no_event' });
  });

  it('records an attempt once when a batch carries it twice', async () => {
    const { eventId } = await newDelivery();
    const now = new Date();
    const [created] = await repo.createDeliveriesForEvents([{ eventId, now, leaseUntil: new Date(now.getTime() + 90_000) }]);
    if (created.kind !== 'created') throw new Error('expected a new delivery');
    const item: AttemptToRecord = {
      deliveryId: created.delivery.id,
      attempt: { attemptNumber: 1, url: 'https://example.com/hook', trigger: 'schedule', startedAt: now, durationMs: 12, statusCode: 500, responseBody: 'a\u0000b', error: null },
      verdict: { status: 'pending', nextAttemptAt: new Date(now.getTime() + 30_000) },
      replaysSeen: 0,
      now,
    };
    const results = await repo.recordAttempts([item, item]);
    expect(results).toEqual([{ status: 'pending', nextAttemptAt: new Date(now.getTime() + 30_000) }, null]);
    const attempts = await repo.attemptsOf(created.delivery.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0].responseBody).toBe('a\uFFFDb');
  });
});
