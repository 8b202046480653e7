import { randomUUID } from 'node:crypto';
import { FaultProxy, startTestSystem, TestSystem, waitFor } from '@momo/testing';
import { Momo, MomoApiError, RetryInfo, Transaction } from './index';

const MTN = '0788123456';
const WALLET = '0788000321';

/**
 * Balances, settlements, statements, the settlement wallet and withdrawals through the SDK,
 * against the whole system (every service a process). Test mode settles every few seconds here,
 * so a cash in becomes available balance that a withdrawal can move, once.
 */
describe('@momo/sdk settlement methods against the running system', () => {
  let system: TestSystem;
  let momo: Momo;
  let account: Momo;
  let paid: Transaction;
  let proxy: FaultProxy;

  beforeAll(async () => {
    system = await startTestSystem('sdk-settlement', { env: { 'payments-core': { SETTLEMENT_TEST_EVERY_SECONDS: '5', SETTLEMENT_SCHEDULER_CHECK_MS: '1000' } } });
    await system.db.dataSource.query(`UPDATE merchants SET writes_per_minute = 1000000, reads_per_minute = 1000000`);
    const baseUrl = system.stack.url('api-gateway');
    momo = new Momo({ apiKey: system.merchant.appKey, baseUrl, retryBaseDelayMs: 50 });
    account = new Momo({ apiKey: system.merchant.accountKey, baseUrl, retryBaseDelayMs: 50 });
    proxy = await FaultProxy.start(baseUrl);
  });
  afterAll(async () => {
    await proxy?.close();
    await system?.stop();
  });

  const final = (id: string) =>
    waitFor(async () => {
      const t = await momo.payments.get(id);
      return t.status === 'pending' ? undefined : t;
    }, { timeoutMs: 30_000, what: `transaction ${id} to be final` });

  it('balance.get shows a succeeded cash in as pending, then available once a settlement run covers it', async () => {
    const before = await momo.balance.get();
    expect(before).toEqual({ available: expect.any(Number), pending: expect.any(Number), reserved: expect.any(Number), currency: 'RWF', mode: 'test' });
    const created = await momo.payments.create({ amount: 20_000, msisdn: MTN, reference: `sdk-settle-${randomUUID()}` });
    paid = await final(created.id);
    expect(paid.status).toBe('succeeded');
    const net = paid.amount - paid.fee;
    await waitFor(async () => ((await momo.payments.get(paid.id)).settled_at ? true : undefined), { timeoutMs: 30_000, intervalMs: 500, what: 'the payment to be settled' });
    const after = await account.balance.get();
    expect(after.available + after.pending + after.reserved).toBe(before.available + before.pending + before.reserved + net);
    expect(after.available).toBeGreaterThanOrEqual(net);
  });

  it('settlements.list (a page and for await), get, and transactions (the cash ins it covers)', async () => {
    const page = await momo.settlements.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    const all = await account.settlements.list({ limit: 1 }).toArray();
    expect(all.length).toBeGreaterThanOrEqual(1);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    let covering: { id: string; net: number } | undefined;
    for await (const settlement of momo.settlements.list({ limit: 2 })) {
      const covered = await momo.settlements.transactions(settlement.id, { limit: 1 }).toArray();
      expect(covered).toHaveLength(settlement.transaction_count);
      expect(covered.reduce((sum, t) => sum + t.net, 0)).toBe(settlement.net);
      if (covered.some((t) => t.id === paid.id)) covering = settlement;
    }
    expect(covering).toBeDefined();
    expect(await momo.settlements.get(covering!.id)).toMatchObject({ id: covering!.id, status: 'completed', currency: 'RWF', mode: 'test' });
    await expect(momo.settlements.get(randomUUID())).rejects.toMatchObject({ status: 404 });
  });

  it('balanceTransactions.list: the payment into pending, then its settlement into available; filtered by type', async () => {
    const moves = (await momo.balanceTransactions.list({ limit: 5 }).toArray()).filter((m) => m.transaction_id === paid.id);
    expect(moves.map((m) => m.type).sort()).toEqual(['payment', 'settlement']);
    const net = paid.amount - paid.fee;
    expect(moves.find((m) => m.type === 'settlement')).toMatchObject({ net: 0, change: { pending: -net, available: net, reserved: 0 } });
    const settlements = await account.balanceTransactions.list({ type: 'settlement' });
    expect(settlements.data.length).toBeGreaterThan(0);
    expect(settlements.data.every((m) => m.type === 'settlement')).toBe(true);
  });

  it('statements.get (JSON) adds up, and statements.csv is the same statement as CSV text', async () => {
    const range = { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() + 60_000).toISOString() };
    const statement = await account.statements.get(range);
    expect(statement.opening_balance.total + statement.movements.reduce((sum, m) => sum + m.net, 0)).toBe(statement.closing_balance.total);
    expect(statement.totals.movements).toBe(statement.movements.length);
    const now = await momo.balance.get();
    expect(statement.closing_balance).toEqual({ available: now.available, pending: now.pending, reserved: now.reserved, total: now.available + now.pending + now.reserved });

    const csv = await momo.statements.csv(range);
    const rows = csv.trim().split(/\r?\n/).map((line) => line.split(','));
    const col = (name: string) => rows[0].indexOf(name);
    expect(rows[1][col('type')]).toBe('opening_balance');
    expect(rows[rows.length - 1][col('type')]).toBe('closing_balance');
    expect(rows.slice(2, -1)).toHaveLength(statement.movements.length);
    expect(Number(rows[rows.length - 1][col('total_after')])).toBe(statement.closing_balance.total);
    // Bad input is a typed error, not a CSV.
    await expect(momo.statements.csv({ from: 'yesterday', to: range.to })).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('settlementWallet.get is a 404 until settlementWallet.set registers it (account key only)', async () => {
    await expect(account.settlementWallet.get()).rejects.toMatchObject({ status: 404 });
    await expect(momo.settlementWallet.set({ msisdn: WALLET })).rejects.toMatchObject({ status: 403 });
    const set = await account.settlementWallet.set({ msisdn: WALLET });
    expect(set).toMatchObject({ msisdn: '250788000321', network: 'mtn', mode: 'test' });
    expect(await account.settlementWallet.get()).toMatchObject({ msisdn: '250788000321', network: 'mtn' });
  });

  it('withdrawals.create moves available balance to the wallet once, even when the same call is retried with its key', async () => {
    const before = await momo.balance.get();
    const tooMuch = await momo.withdrawals.create({ amount: before.available }).catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(MomoApiError);
    expect(tooMuch).toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE' });
    await expect(account.withdrawals.create({ amount: 1_000 })).rejects.toMatchObject({ status: 403 });

    const reference = `sdk-withdraw-${randomUUID()}`;
    const idempotencyKey = randomUUID();
    const first = await momo.withdrawals.create({ amount: 2_000, reference }, { idempotencyKey });
    expect(first).toMatchObject({ direction: 'payout', amount: 2_000, msisdn: '250788000321', reference, description: 'Withdrawal to the settlement wallet' });
    const again = await momo.withdrawals.create({ amount: 2_000, reference }, { idempotencyKey });
    expect(again.id).toBe(first.id);
    const done = await final(first.id);
    expect(done.status).toBe('succeeded');
    expect(await momo.payments.list({ reference }).toArray()).toHaveLength(1);
    const after = await momo.balance.get();
    expect(after.available).toBe(before.available - 2_000 - done.fee);
    const moves = (await momo.balanceTransactions.list({ limit: 10 }).toArray()).filter((m) => m.transaction_id === done.id);
    expect(moves.map((m) => m.type).sort()).toEqual(['withdrawal', 'withdrawal_hold']);
  });

  it('withdrawals.create is retried by the SDK after a 502 that came after the gateway did the work, with the same key: one withdrawal', async () => {
    const WITHDRAWALS = /^\/v1\/withdrawals$/;
    const before = await momo.balance.get();
    const retries: RetryInfo[] = [];
    const through = new Momo({ apiKey: system.merchant.appKey, baseUrl: proxy.url, retryBaseDelayMs: 50, onRetry: (info) => void retries.push(info) });
    proxy.script('POST', WITHDRAWALS, { kind: 'answer-after', status: 502, body: 'Bad Gateway' });
    const reference = `sdk-withdraw-retry-${randomUUID()}`;
    const withdrawal = await through.withdrawals.create({ amount: 1_000, reference });
    const requests = proxy.seen('POST', WITHDRAWALS);
    expect(requests.map((r) => r.answeredStatus)).toEqual([502, 201]);
    expect(new Set(requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(retries).toEqual([expect.objectContaining({ status: 502, idempotencyKey: requests[0].headers['idempotency-key'] })]);
    const done = await final(withdrawal.id);
    expect(done.status).toBe('succeeded');
    expect(await momo.payments.list({ reference }).toArray()).toHaveLength(1);
    expect((await momo.balance.get()).available).toBe(before.available - 1_000 - done.fee);
  });
});
