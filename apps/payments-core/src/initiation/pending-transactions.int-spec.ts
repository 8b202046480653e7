import { randomUUID } from 'node:crypto';
import { toTransactionView } from '@momo/contracts';
import { IdempotencyRepository, MerchantsRepository, TransactionsRepository } from '@momo/data';
import { computeFee, DEFAULT_FEE_SCHEDULE, FeeSchedule } from '@momo/domain';
import { runWithRequestId } from '@momo/platform';
import { createTestDatabase, newTransaction, seedMerchant, SeededMerchant, TestDatabase } from '@momo/testing';
import { PendingTransactions } from './pending-transactions';

/** The batched writes of cash-ins created together, against a real Postgres. */
describe('PendingTransactions (Postgres)', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let pending: PendingTransactions;
  let apiKeyId: string;
  const rowOf = async (id: string) => (await db.dataSource.query(`SELECT status, initiation_state, provider_ref, request_id FROM transactions WHERE id = $1`, [id]))[0];

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    pending = new PendingTransactions(new TransactionsRepository(db.dataSource));
    [{ id: apiKeyId }] = await db.dataSource.query(`SELECT id FROM api_keys WHERE merchant_id = $1 AND kind = 'app'`, [merchant.merchantId]);
  });
  afterAll(() => db.drop());

  it('stores cash-ins made together, each under its own request id, and answers a repeated id with the first row', async () => {
    const ts = Array.from({ length: 20 }, (_, i) => newTransaction(merchant, { amount: 1_000 + i }));
    const results = await Promise.all(ts.map((t, i) => runWithRequestId({ requestId: `request-${String(i).padStart(4, '0')}` }, () => pending.insert(t))));
    expect(results.map((r) => [r.transaction.id, r.transaction.amount, r.created])).toEqual(ts.map((t) => [t.id, t.amount, true]));
    expect((await rowOf(ts[7].id)).request_id).toBe('request-0007');
    const again = await pending.insert({ ...ts[3], amount: 99_999 });
    expect(again).toMatchObject({ created: false, transaction: { id: ts[3].id, amount: 1_003 } });
  });

  it('prices each row by its merchant’s schedule as it is written: a changed schedule applies to the next one', async () => {
    const negotiated = await seedMerchant(db.dataSource);
    const merchants = new MerchantsRepository(db.dataSource);
    const schedule: FeeSchedule = { ...DEFAULT_FEE_SCHEDULE, collect: { percentBps: 350, fixed: 20, min: 100, max: 400 } };
    await merchants.updateMerchant(negotiated.merchantId, { feeSchedule: schedule });
    const { fee: _ignored, ...unpriced } = newTransaction(merchant, { amount: 12_345 });
    const together = await Promise.all(
      [unpriced, ...[1_000, 12_345, 50_000].map((amount) => newTransaction(negotiated, { amount }))].map((t) => pending.insert(t)),
    );
    expect(together.map((r) => r.transaction.fee)).toEqual([
      computeFee(12_345, DEFAULT_FEE_SCHEDULE.collect),
      100,
      computeFee(12_345, schedule.collect),
      400,
    ]);

    await merchants.updateMerchant(negotiated.merchantId, { feeSchedule: null });
    const next = await pending.insert(newTransaction(negotiated, { amount: 50_000 }));
    expect(next.transaction.fee).toBe(computeFee(50_000, DEFAULT_FEE_SCHEDULE.collect));
  });

  it('fails only the row Postgres refuses when it travelled with others', async () => {
    const good = Array.from({ length: 5 }, () => newTransaction(merchant));
    const bad = newTransaction(merchant, { msisdn: 'not-a-wallet' });
    const results = await Promise.allSettled([...good, bad].map((t) => pending.insert(t)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    for (const t of good) expect(await rowOf(t.id)).toMatchObject({ status: 'pending' });
  });

  it('records initiation outcomes together, and leaves a transaction that is already final as it is', async () => {
    const [a, b, done] = await Promise.all([newTransaction(merchant), newTransaction(merchant), newTransaction(merchant)].map((t) => pending.insert(t)));
    await db.dataSource.query(`UPDATE transactions SET status = 'failed', failure_code = 'DECLINED', completed_at = now() WHERE id = $1`, [done.transaction.id]);
    const [ra, rb, rdone] = await Promise.all([
      pending.recordInitiation(a.transaction, 'accepted', 'MTN-A'),
      pending.recordInitiation(b.transaction, 'unknown'),
      pending.recordInitiation(done.transaction, 'accepted', 'MTN-LATE'),
    ]);
    expect(ra).toMatchObject({ initiationState: 'accepted', providerRef: 'MTN-A', status: 'pending' });
    expect(rb).toMatchObject({ initiationState: 'unknown', status: 'pending' });
    expect(rdone).toMatchObject({ status: 'failed', initiationState: 'not_sent' });
    expect(await rowOf(done.transaction.id)).toMatchObject({ provider_ref: '', initiation_state: 'not_sent' });
  });

  describe('with an Idempotency-Key claimed in the insert (a keyed cash in)', () => {
    const claimOf = (key: string, requestHash = 'h1') => ({ apiKeyId, key, requestHash, leaseMs: 60_000, retentionHours: 24 });
    const keyRow = async (key: string) =>
      (await db.dataSource.query(`SELECT state, transaction_id, attempts, response_status, response_body FROM idempotency_keys WHERE key = $1`, [key]))[0];
    const exists = async (id: string) => (await rowOf(id)) !== undefined;

    it('claims each new key with its row in the same statement; a key held already, or twice in the batch, writes nothing of its row', async () => {
      const [fresh, held, twice] = [randomUUID(), randomUUID(), randomUUID()];
      await new IdempotencyRepository(db.dataSource).claim({ ...claimOf(held), transactionId: randomUUID() });
      const rows = Array.from({ length: 4 }, () => newTransaction(merchant));
      const [a, b, c, d] = await Promise.all([
        pending.insertClaiming(rows[0], claimOf(fresh)),
        pending.insertClaiming(rows[1], claimOf(held)),
        pending.insertClaiming(rows[2], claimOf(twice)),
        pending.insertClaiming(rows[3], claimOf(twice)),
      ]);
      expect(a).toMatchObject({ created: true, transaction: { id: rows[0].id } });
      expect(await keyRow(fresh)).toMatchObject({ state: 'in_progress', transaction_id: rows[0].id, attempts: 1 });
      expect(b).toBeNull();
      expect(await exists(rows[1].id)).toBe(false);
      expect([c, d].filter((r) => r === null)).toHaveLength(1);
      const winner = c ? rows[2] : rows[3];
      expect(await keyRow(twice)).toMatchObject({ transaction_id: winner.id });
      expect([await exists(rows[2].id), await exists(rows[3].id)].filter(Boolean)).toHaveLength(1);
    });

    it('claims a key past its retention afresh, for the new row', async () => {
      const key = randomUUID();
      const first = newTransaction(merchant);
      await pending.insertClaiming(first, claimOf(key));
      await db.dataSource.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
      const second = newTransaction(merchant);
      expect(await pending.insertClaiming(second, claimOf(key, 'another body'))).toMatchObject({ created: true });
      expect(await keyRow(key)).toMatchObject({ state: 'in_progress', transaction_id: second.id });
    });

    const keyRowWithXmin = async (key: string) =>
      (await db.dataSource.query(`SELECT state, response_status, response_body, xmin::text AS xmin FROM idempotency_keys WHERE key = $1`, [key]))[0];
    const xminOf = async (id: string) => (await db.dataSource.query(`SELECT xmin::text AS xmin FROM transactions WHERE id = $1`, [id]))[0].xmin;

    it("stores the merchant's 201 in the commit that records the operator's answer, byte for byte the answer built from the row it wrote", async () => {
      const odd = { description: 'He said "pay" — now\\', metadata: { 'clé "quoted"': 'ünïcødé ✓\n\\ <tab>\t', order: 'A-1', '': '' } };
      const refs = ['MTN-KEYED', 'ref "quoted" \\ ✓\n\u0001', undefined];
      const keys = refs.map(() => randomUUID());
      const inserted = await Promise.all(keys.map(async (key) => (await pending.insertClaiming(newTransaction(merchant, odd), claimOf(key)))!.transaction));
      const [answered, plain] = await Promise.all([
        Promise.all(inserted.map((t, i) => pending.recordInitiation(t, refs[i] ? 'accepted' : 'unknown', refs[i], { apiKeyId, key: keys[i] }))),
        pending.recordInitiation((await pending.insert(newTransaction(merchant))).transaction, 'accepted', 'MTN-PLAIN'),
      ]);
      expect(plain).toMatchObject({ providerRef: 'MTN-PLAIN' });
      for (const [i, key] of keys.entries()) {
        const stored = await keyRowWithXmin(key);
        expect(stored).toMatchObject({ state: 'completed', response_status: 201 });
        expect(stored.response_body).toBe(JSON.stringify({ success: true, data: toTransactionView(answered[i]!) }));
        expect(stored.xmin).toBe(await xminOf(inserted[i].id));
      }
      expect(JSON.parse((await keyRow(keys[1])).response_body).data).toMatchObject({ provider_ref: refs[1], status: 'pending', metadata: odd.metadata });
    });

    it('answers a transaction final before its initiation is recorded from the row as it stands, and leaves a key no longer in progress alone', async () => {
      const [finalKey, doneKey] = [randomUUID(), randomUUID()];
      const { transaction: final } = (await pending.insertClaiming(newTransaction(merchant), claimOf(finalKey)))!;
      const { transaction: done } = (await pending.insertClaiming(newTransaction(merchant), claimOf(doneKey)))!;
      await db.dataSource.query(`UPDATE transactions SET status = 'failed', failure_code = 'DECLINED', completed_at = now() WHERE id = $1`, [final.id]);
      await db.dataSource.query(`UPDATE idempotency_keys SET state = 'completed', response_status = 409, response_body = '{"first":true}' WHERE key = $1`, [doneKey]);
      const [now] = await Promise.all([
        pending.recordInitiation(final, 'accepted', 'MTN-LATE', { apiKeyId, key: finalKey }),
        pending.recordInitiation(done, 'accepted', 'MTN-DONE', { apiKeyId, key: doneKey }),
      ]);
      expect(now).toMatchObject({ status: 'failed', failureCode: 'DECLINED' });
      expect((await keyRow(finalKey)).response_body).toBe(JSON.stringify({ success: true, data: toTransactionView(now!) }));
      expect(await keyRow(doneKey)).toMatchObject({ response_status: 409, response_body: '{"first":true}' });
      expect(await rowOf(done.id)).toMatchObject({ initiation_state: 'accepted', provider_ref: 'MTN-DONE' });
    });
  });
});
