import { toTransactionView } from '@momo/contracts';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, TestDatabase } from '@momo/testing';
import { TransactionReadsRepository, transactionsByIds } from './transaction-reads.repository';

/**
 * The gateway reads the Transaction resource built in SQL; webhooks and replies build it in
 * JavaScript from the stored row. Both must give the same bytes for every kind of row.
 */
describe('the Transaction resource built in SQL', () => {
  let db: TestDatabase;
  let reads: TransactionReadsRepository;
  let owner: { merchantId: string; appId: string };
  const ids: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    reads = new TransactionReadsRepository(db.dataSource);
    owner = await seedMerchant(db.dataSource);
    const payment = await insertTransaction(db.dataSource, newTransaction(owner, { amount: 9_007_199, metadata: { order: 'A-1', 'clé "quoted"': 'ünïcødé ✓\n\\ <tab>\t' } }));
    const refund = await insertTransaction(
      db.dataSource,
      newTransaction(owner, { direction: 'payout', amount: 400, reversesPaymentId: payment.id, initiatedBy: 'dashboard', description: 'He said "refund" — now', reference: '' }),
    );
    const failed = await insertTransaction(db.dataSource, newTransaction(owner, { network: 'airtel', provider: 'airtel_money', msisdn: '250731234567' }));
    ids.push(payment.id, refund.id, failed.id);
    // Final states, with the microseconds JavaScript's milliseconds must truncate, not round.
    await db.dataSource.query(
      `UPDATE transactions SET status = 'succeeded', provider_ref = 'MP-1', completed_at = '2026-11-26T07:00:00.999999Z', settled_at = '2026-11-27T00:00:00.000500Z', updated_at = '2026-11-27T00:00:00.0005Z' WHERE id = $1`,
      [payment.id],
    );
    await db.dataSource.query(
      `UPDATE transactions SET status = 'failed', failure_code = 'DECLINED', failure_message = 'Customer declined: "no"', completed_at = '2026-11-26T07:00:01.000001Z' WHERE id = $1`,
      [failed.id],
    );
  });
  afterAll(() => db.drop());

  it('reads one transaction exactly as toTransactionView shows the stored row', async () => {
    const stored = await transactionsByIds(db.dataSource.manager, ids);
    for (const id of ids) {
      const view = await reads.viewForApp(id, owner.appId, 'test');
      expect(JSON.stringify(view)).toBe(JSON.stringify(toTransactionView(stored.get(id)!)));
    }
    expect(JSON.parse(JSON.stringify(await reads.viewForApp(ids[0], owner.appId, 'test')))).toMatchObject({
      amount: 9_007_199,
      completed_at: '2026-11-26T07:00:00.999Z',
      settled_at: '2026-11-27T00:00:00.000Z',
      reverses_payment_id: null,
    });
  });

  it('finds nothing across apps or modes, and agrees with the listing', async () => {
    const page = await reads.list({ appId: owner.appId, mode: 'test' }, 10);
    expect(page.map((row) => JSON.stringify(toTransactionView(row.transaction)))).toEqual(
      await Promise.all([...ids].reverse().map(async (id) => JSON.stringify(await reads.viewForApp(id, owner.appId, 'test')))),
    );
    expect(await reads.viewForApp(ids[0], owner.appId, 'live')).toBeNull();
    const other = await seedMerchant(db.dataSource);
    expect(await reads.viewForApp(ids[0], other.appId, 'test')).toBeNull();
  });

  it('answers reads made together (one statement) each for its own app and mode', async () => {
    const other = await seedMerchant(db.dataSource);
    const missing = '00000000-0000-4000-8000-000000000000';
    const [own, again, otherApp, liveMode, absent, second] = await Promise.all([
      reads.viewForApp(ids[0], owner.appId, 'test'),
      reads.viewForApp(ids[0], owner.appId, 'test'),
      reads.viewForApp(ids[0], other.appId, 'test'),
      reads.viewForApp(ids[0], owner.appId, 'live'),
      reads.viewForApp(missing, owner.appId, 'test'),
      reads.viewForApp(ids[1], owner.appId, 'test'),
    ]);
    expect([own?.id, again?.id, otherApp, liveMode, absent, second?.id]).toEqual([ids[0], ids[0], null, null, null, ids[1]]);
  });
});
