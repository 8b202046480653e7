import { toTransactionView } from '@momo/contracts';
import { BacklogRepository, OutboxRepository } from '@momo/data';
import { metricsRegistry } from '@momo/platform';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, SeededMerchant, TestDatabase } from '@momo/testing';
import { BacklogMetrics } from './backlog-metrics';

/** The backlog gauges on-call alerts on, as Prometheus scrapes them, over a real Postgres. */
describe('backlog metrics (Postgres)', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    new BacklogMetrics(new BacklogRepository(db.dataSource)).onModuleInit();
  });
  afterAll(() => db.drop());

  const scrape = async (name: string) => metricsRegistry.getSingleMetricAsString(name);
  const valueOf = (text: string, labels: string) => {
    const line = text.split('\n').find((l) => l.startsWith(labels + ' '));
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };
  const backdate = (table: string, id: string, seconds: number) =>
    db.dataSource.query(`UPDATE ${table} SET created_at = now() - make_interval(secs => $2) WHERE ${table === 'transactions' ? 'id' : 'transaction_id'} = $1`, [id, seconds]);

  it('counts pending transactions per group and reports the age of the oldest', async () => {
    const old = await insertTransaction(db.dataSource, newTransaction(merchant, { direction: 'collect', network: 'mtn' }));
    await insertTransaction(db.dataSource, newTransaction(merchant, { direction: 'collect', network: 'mtn' }));
    const payout = await insertTransaction(db.dataSource, newTransaction(merchant, { direction: 'payout', network: 'airtel', msisdn: '250728123456', provider: 'airtel_money' }));
    await backdate('transactions', old.id, 1_800);
    await backdate('transactions', payout.id, 90);

    const counts = await scrape('momo_pending_transactions');
    expect(valueOf(counts, 'momo_pending_transactions{direction="collect",network="mtn",mode="test"}')).toBe(2);
    expect(valueOf(counts, 'momo_pending_transactions{direction="payout",network="airtel",mode="test"}')).toBe(1);
    const ages = await scrape('momo_pending_transaction_oldest_age_seconds');
    expect(valueOf(ages, 'momo_pending_transaction_oldest_age_seconds{direction="collect",network="mtn",mode="test"}')).toBeGreaterThanOrEqual(1_800);
    expect(valueOf(ages, 'momo_pending_transaction_oldest_age_seconds{direction="payout",network="airtel",mode="test"}')).toBeLessThan(1_800);
  });

  it('drops a group once nothing in it is pending any more', async () => {
    await db.dataSource.query(`UPDATE transactions SET status = 'failed', failure_code = 'DECLINED', failure_message = 'declined', completed_at = now() WHERE direction = 'payout'`);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the one-second read sharing
    const counts = await scrape('momo_pending_transactions');
    expect(counts).not.toContain('direction="payout"');
    expect(valueOf(counts, 'momo_pending_transactions{direction="collect",network="mtn",mode="test"}')).toBe(2);
  });

  it('reports the outbox lag: events waiting to be published and the age of the oldest', async () => {
    const t = await insertTransaction(db.dataSource, newTransaction(merchant));
    await db.dataSource.transaction((em) => new OutboxRepository(db.dataSource).add(em, 'payment.succeeded', toTransactionView(t)));
    await backdate('outbox_events', t.id, 300);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(valueOf(await scrape('momo_outbox_unpublished_events'), 'momo_outbox_unpublished_events')).toBe(1);
    expect(valueOf(await scrape('momo_outbox_oldest_unpublished_age_seconds'), 'momo_outbox_oldest_unpublished_age_seconds')).toBeGreaterThanOrEqual(300);

    await db.dataSource.query(`UPDATE outbox_events SET published_at = now()`);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(valueOf(await scrape('momo_outbox_unpublished_events'), 'momo_outbox_unpublished_events')).toBe(0);
    expect(valueOf(await scrape('momo_outbox_oldest_unpublished_age_seconds'), 'momo_outbox_oldest_unpublished_age_seconds')).toBe(0);
  });
});
