import { randomUUID } from 'node:crypto';
import { magicNumber, TransactionView } from '@momo/contracts';
import { insertTransaction, newTransaction, seedMerchant, SeededMerchant, seedSucceededPayment, startTestSystem, TestSystem, waitFor } from '@momo/testing';
import { balanceOf, countTransactions, expectErrorEnvelope, MTN, TransactionResponse } from './api-helpers';

/**
 * The Endpoints section and the money rules, over HTTP against the running system: payments,
 * payouts with reservations, refunds, balance, idempotency, and the concurrency cases.
 */
describe('merchant API: money endpoints', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem('api-money');
    // This file makes far more writes per minute than the default budget; the budget itself is tested elsewhere.
    await system.db.dataSource.query(`UPDATE merchants SET writes_per_minute = 100000, reads_per_minute = 100000`);
  });
  afterAll(() => system?.stop());

  const pay = (body: Record<string, unknown>, headers: Record<string, string> = {}, key?: string) =>
    system.api('POST', '/v1/payments', { body, headers, key }) as Promise<TransactionResponse>;
  const payout = (body: Record<string, unknown>, key: string, headers: Record<string, string> = {}) =>
    system.api('POST', '/v1/payouts', { body, key, headers }) as Promise<TransactionResponse>;
  const refund = (paymentId: string, body: Record<string, unknown> | undefined, key = system.merchant.appKey, headers: Record<string, string> = {}) =>
    system.api('POST', `/v1/payments/${paymentId}/refund`, { body, key, headers }) as Promise<TransactionResponse>;
  const settledTransaction = (id: string, key = system.merchant.appKey) =>
    waitFor(
      async () => {
        const res = await system.api<{ data: TransactionView }>('GET', `/v1/payments/${id}`, { key });
        return res.body.data?.status !== 'pending' ? res.body.data : undefined;
      },
      { timeoutMs: 20_000, what: `transaction ${id} to settle` },
    );

  /** A merchant of its own, with `available` RWF to spend in test mode. */
  async function fundedMerchant(available: number): Promise<SeededMerchant> {
    const merchant = await seedMerchant(system.db.dataSource, { writesPerMinute: 100000 });
    if (available > 0) await seedSucceededPayment(system.db.dataSource, merchant, { amount: available });
    return merchant;
  }

  describe('POST /v1/payments and GET /v1/payments/:id', () => {
    it('creates a pending cash in in the Transaction shape and reads it back', async () => {
      const created = await pay({ amount: 2500, msisdn: '+250788123456', description: 'Order 1', reference: 'order-1', metadata: { cart: '7' } });
      expect(created.status).toBe(201);
      expect(created.body.success).toBe(true);
      const t = created.body.data;
      expect(t).toMatchObject({
        merchant_id: system.merchant.merchantId,
        app_id: system.merchant.appId,
        mode: 'test',
        direction: 'collect',
        amount: 2500,
        currency: 'RWF',
        fee: 50,
        msisdn: '250788123456',
        network: 'mtn',
        provider: 'mtn_momo',
        initiated_by: 'api',
        reverses_payment_id: null,
        status: 'pending',
        metadata: { cart: '7' },
      });
      const read = await system.api<{ data: TransactionView }>('GET', `/v1/payments/${t.id}`);
      expect(read.status).toBe(200);
      expect(Object.keys(read.body.data)).toEqual(Object.keys(t));
      expect((await settledTransaction(t.id)).status).toBe('succeeded');
    });

    it('accepts the three spellings of a number and stores one', async () => {
      for (const msisdn of ['0788123456', '250788123456', '+250788123456']) {
        const res = await pay({ amount: 100, msisdn });
        expect(res.status).toBe(201);
        expect(res.body.data.msisdn).toBe('250788123456');
      }
    });

    it('answers a transaction of another app 404, exactly like one that does not exist', async () => {
      const other = await seedMerchant(system.db.dataSource);
      const theirs = await seedSucceededPayment(system.db.dataSource, other, { amount: 1000 });
      const foreign = await system.api('GET', `/v1/payments/${theirs.id}`);
      const missing = await system.api('GET', `/v1/payments/${randomUUID()}`);
      const notAnId = await system.api('GET', '/v1/payments/not-a-uuid');
      const strip = (body: unknown) => ({ ...(body as object), timestamp: undefined });
      expectErrorEnvelope(foreign, 404, 'NOT_FOUND');
      expect(strip(foreign.body)).toEqual(strip(missing.body));
      expect(strip(notAnId.body)).toEqual(strip(missing.body));
      expect((await system.api('GET', `/v1/payments/${theirs.id}`, { key: other.appKey })).status).toBe(200);
    });
  });

  describe('GET /v1/payments', () => {
    let lister: SeededMerchant;
    const created: TransactionView[] = [];

    beforeAll(async () => {
      lister = await fundedMerchant(50_000);
      for (const [i, msisdn] of ['0788000001', '0788000002', '0788000001', '0799000003', '0788000001'].entries()) {
        const res = await pay({ amount: 1000 + i, msisdn, reference: i % 2 ? 'odd' : 'even' }, {}, lister.appKey);
        expect(res.status).toBe(201);
        created.push(res.body.data);
      }
      const out = await payout({ amount: 1000, msisdn: MTN, reference: 'withdrawal' }, lister.appKey);
      expect(out.status).toBe(201);
      created.push(out.body.data);
      for (const t of created) await settledTransaction(t.id, lister.appKey);
    });

    const list = (query: string) => system.api<{ data: TransactionView[]; pagination: { limit: number; has_more: boolean; next_cursor: string | null } }>('GET', `/v1/payments${query}`, { key: lister.appKey });

    it('lists newest first and pages with an opaque cursor without gaps or repeats', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.pagination.limit).toBe(2);
        seen.push(...res.body.data.map((t) => t.id));
        cursor = res.body.pagination.next_cursor;
        expect(res.body.pagination.has_more).toBe(cursor !== null);
        pages++;
      } while (cursor && pages < 20);
      // The seeded deposit is listed too (it is this app's succeeded payment).
      expect(seen.slice(0, created.length)).toEqual(created.map((t) => t.id).reverse());
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(created.length + 1);
      expect((await list('')).body.pagination.limit).toBe(20);
    });

    it('filters by status, direction, reference, msisdn and creation time', async () => {
      const ids = async (query: string) => (await list(query)).body.data.map((t) => t.id);
      expect(await ids('?direction=payout')).toEqual([created[5].id]);
      expect((await ids('?reference=odd')).sort()).toEqual([created[1].id, created[3].id].sort());
      expect((await ids('?msisdn=0788000001')).sort()).toEqual([created[0].id, created[2].id, created[4].id].sort());
      expect(await ids('?msisdn=%2B250799000003')).toEqual([created[3].id]);
      expect(await ids('?status=pending')).toEqual([]);
      expect((await ids('?status=succeeded')).length).toBe(created.length + 1);
      const from = created[2].created_at;
      const to = created[4].created_at;
      expect(await ids(`?created_from=${from}&created_to=${to}&direction=collect`)).toEqual([created[3].id, created[2].id]);
    });

    it('shows an app only its own transactions, in its own mode', async () => {
      const mine = new Set((await list('?limit=100')).body.data.map((t) => t.id));
      const theirs = await system.api<{ data: TransactionView[] }>('GET', '/v1/payments?limit=100');
      expect(theirs.body.data.some((t) => mine.has(t.id))).toBe(false);
    });

    it('refuses bad filters and cursors with per-field details', async () => {
      for (const query of ['?limit=0', '?limit=101', '?limit=ten', '?status=done', '?direction=in', '?msisdn=123', '?created_from=yesterday', '?colour=red', '?status=pending&status=failed']) {
        const res = await list(query);
        const body = expectErrorEnvelope(res, 400);
        expect(body.details).toHaveProperty('fields');
      }
      expectErrorEnvelope(await list('?msisdn=0758123456'), 400, 'UNSUPPORTED_NETWORK');
      expectErrorEnvelope(await list('?cursor=bm90LWEtY3Vyc29y'), 400, 'INVALID_CURSOR');
    });
  });

  describe('POST /v1/payouts', () => {
    it('reserves amount + fee at once and releases nothing more when it succeeds', async () => {
      const merchant = await fundedMerchant(10_000);
      // Approved seconds later, so the reservation is read while the payout is surely still pending.
      const res = await payout({ amount: 5_000, msisdn: magicNumber('mtn', 'approve_delayed'), reference: 'w-1' }, merchant.appKey);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ direction: 'payout', amount: 5_000, fee: 50, status: 'pending', reverses_payment_id: null });
      expect(await balanceOf(system, merchant.accountKey)).toEqual({ available: 4_950, pending: 0, reserved: 5_050, currency: 'RWF', mode: 'test' });
      expect((await settledTransaction(res.body.data.id, merchant.appKey)).status).toBe('succeeded');
      expect(await balanceOf(system, merchant.accountKey)).toMatchObject({ available: 4_950, pending: 0, reserved: 0 });
    });

    it('refuses a payout the balance does not cover with 409 and creates nothing', async () => {
      const merchant = await fundedMerchant(1_000);
      const res = await payout({ amount: 1_000, msisdn: MTN }, merchant.appKey);
      expectErrorEnvelope(res, 409, 'INSUFFICIENT_BALANCE');
      expect(await countTransactions(system, `merchant_id = $1 AND direction = 'payout'`, [merchant.merchantId])).toBe(0);
      expect(await balanceOf(system, merchant.accountKey)).toMatchObject({ available: 1_000, pending: 0, reserved: 0 });
    });

    it('lets exactly the payouts the balance covers through when 20 race, never going negative', async () => {
      // Each payout of 1000 costs 1050 (fee: 1 %, at least 50); the balance covers ten and a half.
      const merchant = await fundedMerchant(10 * 1_050 + 500);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => payout({ amount: 1_000, msisdn: MTN, reference: `race-${i}` }, merchant.appKey)));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      for (const refused of results.filter((r) => r.status !== 201)) expectErrorEnvelope(refused, 409, 'INSUFFICIENT_BALANCE');
      expect(await countTransactions(system, `merchant_id = $1 AND direction = 'payout'`, [merchant.merchantId])).toBe(10);
      // The simulator approves each accepted payout ~300 ms later, moving its reservation out of the
      // balance: read the balance once all ten are final, not while some are still being approved.
      const accepted = results.filter((r) => r.status === 201);
      const finals = await Promise.all(accepted.map((r) => settledTransaction(r.body.data.id, merchant.appKey)));
      expect(finals.map((t) => t.status)).toEqual(Array(10).fill('succeeded'));
      // The ten payouts spent exactly 10 × 1050; the 500 they could not cover is still available.
      expect(await balanceOf(system, merchant.accountKey)).toMatchObject({ available: 500, pending: 0, reserved: 0 });
      const [{ negative }] = await system.db.dataSource.query(`SELECT count(*)::int AS negative FROM ledger_accounts WHERE balance < 0`);
      expect(negative).toBe(0);
    });

    it('puts the reservation back when the network is unavailable', async () => {
      const merchant = await fundedMerchant(3_000);
      await system.stack.kill('operator-simulator');
      try {
        const res = await payout({ amount: 2_000, msisdn: MTN }, merchant.appKey);
        const body = expectErrorEnvelope(res, 503, 'OPERATOR_UNAVAILABLE');
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        const failed = await system.api<{ data: TransactionView }>('GET', `/v1/payments/${body.details!.transaction_id}`, { key: merchant.appKey });
        expect(failed.body.data).toMatchObject({ status: 'failed', failure_code: 'OPERATOR_UNAVAILABLE', direction: 'payout' });
        expect(await balanceOf(system, merchant.accountKey)).toMatchObject({ available: 3_000, pending: 0, reserved: 0 });
      } finally {
        await system.stack.startService('operator-simulator');
      }
    });
  });

  describe('POST /v1/payments/:id/refund', () => {
    /** A real cash in, approved by the simulated operator: refunds go back to the operator, which must know it. */
    async function paidPayment(merchant: SeededMerchant, amount: number, msisdn = MTN): Promise<TransactionView> {
      const res = await pay({ amount, msisdn }, {}, merchant.appKey);
      expect(res.status).toBe(201);
      const settled = await settledTransaction(res.body.data.id, merchant.appKey);
      expect(settled.status).toBe('succeeded');
      return settled;
    }

    it('refunds a payment as a payout to the payer, once', async () => {
      const merchant = await fundedMerchant(20_000);
      const payment = await paidPayment(merchant, 5_000, '0798765432');
      const res = await refund(payment.id, { reason: 'returned' }, merchant.appKey);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        direction: 'payout',
        amount: 5_000,
        fee: 50,
        msisdn: '250798765432',
        reverses_payment_id: payment.id,
        description: 'returned',
        reference: payment.reference,
      });
      expectErrorEnvelope(await refund(payment.id, undefined, merchant.appKey), 409, 'ALREADY_REFUNDED');
      expect((await settledTransaction(res.body.data.id, merchant.appKey)).status).toBe('succeeded');
      expectErrorEnvelope(await refund(payment.id, { amount: 100 }, merchant.appKey), 409, 'ALREADY_REFUNDED');
      const original = await system.api<{ data: TransactionView }>('GET', `/v1/payments/${payment.id}`, { key: merchant.appKey });
      expect(original.body.data.status).toBe('succeeded');
    });

    it('refunds part of a payment, and refuses more than the payment with 400', async () => {
      const merchant = await fundedMerchant(20_000);
      const payment = await paidPayment(merchant, 4_000);
      expectErrorEnvelope(await refund(payment.id, { amount: 4_001 }, merchant.appKey), 400, 'REFUND_EXCEEDS_PAYMENT');
      const partial = await refund(payment.id, { amount: 1_500 }, merchant.appKey);
      expect(partial.status).toBe(201);
      expect(partial.body.data.amount).toBe(1_500);
    });

    it('refuses what cannot be refunded, and answers another app’s payment 404', async () => {
      const merchant = await fundedMerchant(20_000);
      const pending = await insertTransaction(system.db.dataSource, newTransaction(merchant, { amount: 1_000 }));
      expectErrorEnvelope(await refund(pending.id, {}, merchant.appKey), 409, 'PAYMENT_NOT_REFUNDABLE');
      const out = await payout({ amount: 1_000, msisdn: MTN }, merchant.appKey);
      expectErrorEnvelope(await refund(out.body.data.id, {}, merchant.appKey), 409, 'PAYMENT_NOT_REFUNDABLE');
      const other = await fundedMerchant(5_000);
      const theirs = await seedSucceededPayment(system.db.dataSource, other, { amount: 1_000 });
      expectErrorEnvelope(await refund(theirs.id, {}, merchant.appKey), 404, 'NOT_FOUND');
      expectErrorEnvelope(await refund(randomUUID(), {}, merchant.appKey), 404, 'NOT_FOUND');
      expectErrorEnvelope(await refund('nope', {}, merchant.appKey), 404, 'NOT_FOUND');
      expectErrorEnvelope(await refund(theirs.id, {}, system.merchant.accountKey), 403, 'ACCOUNT_KEY_NOT_ALLOWED');
    });

    it('needs the balance to cover the refund plus fee', async () => {
      const merchant = await fundedMerchant(0);
      const payment = await paidPayment(merchant, 1_000);
      // The payment left 980 available; refunding 1000 costs 1050.
      expectErrorEnvelope(await refund(payment.id, {}, merchant.appKey), 409, 'INSUFFICIENT_BALANCE');
      expect((await refund(payment.id, { amount: 900 }, merchant.appKey)).status).toBe(201);
    });

    it('allows a new refund after a failed one', async () => {
      const merchant = await fundedMerchant(20_000);
      const payment = await paidPayment(merchant, 2_000);
      await system.stack.kill('operator-simulator');
      let failedRefund: string;
      try {
        const res = await refund(payment.id, {}, merchant.appKey);
        failedRefund = expectErrorEnvelope(res, 503, 'OPERATOR_UNAVAILABLE').details!.transaction_id as string;
      } finally {
        await system.stack.startService('operator-simulator');
      }
      const failed = await system.api<{ data: TransactionView }>('GET', `/v1/payments/${failedRefund}`, { key: merchant.appKey });
      expect(failed.body.data).toMatchObject({ status: 'failed', reverses_payment_id: payment.id });
      const again = await refund(payment.id, {}, merchant.appKey);
      expect(again.status).toBe(201);
      expect((await settledTransaction(again.body.data.id, merchant.appKey)).status).toBe('succeeded');
    });

    it('lets exactly one of 10 racing refunds of one payment through', async () => {
      const merchant = await fundedMerchant(50_000);
      const payment = await paidPayment(merchant, 3_000);
      const results = await Promise.all(Array.from({ length: 10 }, () => refund(payment.id, {}, merchant.appKey)));
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      for (const lost of results.filter((r) => r.status !== 201)) expectErrorEnvelope(lost, 409, 'ALREADY_REFUNDED');
      expect(await countTransactions(system, 'reverses_payment_id = $1', [payment.id])).toBe(1);
    });
  });

  describe('Idempotency-Key', () => {
    it('turns 50 concurrent identical requests into exactly one transaction, then replays the first answer', async () => {
      const key = `order-${randomUUID()}`;
      const body = { amount: 1_234, msisdn: MTN, reference: key };
      const results = await Promise.all(Array.from({ length: 50 }, () => pay(body, { 'Idempotency-Key': key })));
      const created = results.filter((r) => r.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
      for (const busy of results.filter((r) => r.status !== 201)) expectErrorEnvelope(busy, 409, 'IDEMPOTENCY_KEY_IN_USE');
      expect(await countTransactions(system, 'reference = $1', [key])).toBe(1);

      const first = created.find((r) => r.headers.get('idempotent-replayed') === null) ?? created[0];
      const replay = await system.api('POST', '/v1/payments', { body: { reference: key, msisdn: MTN, amount: 1_234 }, headers: { 'Idempotency-Key': key } });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(JSON.stringify(replay.body)).toBe(JSON.stringify(first.body));
      expect(await countTransactions(system, 'reference = $1', [key])).toBe(1);
    });

    it('refuses the same key with another body, or on another operation', async () => {
      const key = randomUUID();
      expect((await pay({ amount: 500, msisdn: MTN }, { 'Idempotency-Key': key })).status).toBe(201);
      expectErrorEnvelope(await pay({ amount: 501, msisdn: MTN }, { 'Idempotency-Key': key }), 400, 'IDEMPOTENCY_KEY_REUSED');
      const merchant = await fundedMerchant(0);
      expect((await pay({ amount: 500, msisdn: MTN }, { 'Idempotency-Key': key }, merchant.appKey)).status).toBe(201);
      expectErrorEnvelope(await payout({ amount: 500, msisdn: MTN }, system.merchant.appKey, { 'Idempotency-Key': key }), 400, 'IDEMPOTENCY_KEY_REUSED');
      expectErrorEnvelope(await pay({ amount: 500, msisdn: MTN }, { 'Idempotency-Key': 'x'.repeat(256) }), 400, 'IDEMPOTENCY_KEY_INVALID');
    });

    it('stores a refusal too: a retried payout that was refused is refused again, not retried', async () => {
      const merchant = await fundedMerchant(100);
      const key = randomUUID();
      expectErrorEnvelope(await payout({ amount: 5_000, msisdn: MTN }, merchant.appKey, { 'Idempotency-Key': key }), 409, 'INSUFFICIENT_BALANCE');
      await seedSucceededPayment(system.db.dataSource, merchant, { amount: 50_000 });
      const again = await payout({ amount: 5_000, msisdn: MTN }, merchant.appKey, { 'Idempotency-Key': key });
      expectErrorEnvelope(again, 409, 'INSUFFICIENT_BALANCE');
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    });

    it('does not store a 503 from the network: the retry with the same key makes a new attempt', async () => {
      const merchant = await fundedMerchant(10_000);
      const key = randomUUID();
      await system.stack.kill('operator-simulator');
      let failedId: string;
      try {
        const res = await payout({ amount: 1_000, msisdn: MTN }, merchant.appKey, { 'Idempotency-Key': key });
        failedId = expectErrorEnvelope(res, 503, 'OPERATOR_UNAVAILABLE').details!.transaction_id as string;
      } finally {
        await system.stack.startService('operator-simulator');
      }
      const retry = await payout({ amount: 1_000, msisdn: MTN }, merchant.appKey, { 'Idempotency-Key': key });
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(retry.body.data.id).not.toBe(failedId);
      const replay = await payout({ amount: 1_000, msisdn: MTN }, merchant.appKey, { 'Idempotency-Key': key });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body.data.id).toBe(retry.body.data.id);
    });
  });

  describe('GET /v1/balance', () => {
    it('answers per mode, for account and app keys', async () => {
      const merchant = await fundedMerchant(7_000);
      expect(await balanceOf(system, merchant.accountKey)).toEqual({ available: 7_000, pending: 0, reserved: 0, currency: 'RWF', mode: 'test' });
      expect(await balanceOf(system, merchant.appKey)).toEqual({ available: 7_000, pending: 0, reserved: 0, currency: 'RWF', mode: 'test' });
      const live = await seedMerchant(system.db.dataSource, { mode: 'live', verified: true });
      await seedSucceededPayment(system.db.dataSource, live, { amount: 300, mode: 'live' });
      expect(await balanceOf(system, live.accountKey)).toEqual({ available: 300, pending: 0, reserved: 0, currency: 'RWF', mode: 'live' });
    });
  });
});
