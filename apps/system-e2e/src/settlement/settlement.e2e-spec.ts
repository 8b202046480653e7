import { Queue } from 'bullmq';
import { QueueName, TransactionView } from '@momo/contracts';
import { redisOptionsFromUrl } from '@momo/platform';
import { startTestSystem, TEST_REDIS_URL, TestSystem, waitFor } from '@momo/testing';
import { balanceOf, MTN, TransactionResponse } from '../api/api-helpers';

interface Page<T> {
  data: T[];
  pagination: { has_more: boolean; next_cursor: string | null };
}

/**
 * Settlement through the whole stack (docs/settlement.md): payments-core's BullMQ scheduler runs
 * test-mode settlement every few seconds here; a merchant sees a cash in pending, then settled,
 * in its balance, its transaction's settled_at, its settlements and its balance transactions.
 */
describe('settlement through the whole stack', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem('settlement', { env: { 'payments-core': { SETTLEMENT_TEST_EVERY_SECONDS: '5', SETTLEMENT_SCHEDULER_CHECK_MS: '1000' } } });
    await system.db.dataSource.query(`UPDATE merchants SET writes_per_minute = 100000, reads_per_minute = 100000`);
  });
  afterAll(() => system?.stop());

  const read = async (id: string) => (await system.api<{ data: TransactionView }>('GET', `/v1/payments/${id}`)).body.data;

  it('schedules live settlement daily at midnight in Kigali and test settlement every few seconds (BullMQ job schedulers)', async () => {
    const queue = new Queue(QueueName.Settlement, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: system.queuePrefix });
    try {
      const live = await queue.getJobScheduler('settlement-run-live');
      expect(live).toMatchObject({ pattern: '0 0 * * *', tz: 'Africa/Kigali' });
      // The next live run is at 00:00 Kigali, which is 22:00 UTC.
      const next = new Date(Number(live!.next));
      expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([22, 0]);
      expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
      expect(await queue.getJobScheduler('settlement-run-test')).toMatchObject({ every: 5_000 });
    } finally {
      await queue.close();
    }
  });

  it('moves a succeeded cash in from pending to available at the next run, and shows the settlement', async () => {
    const res = (await system.api('POST', '/v1/payments', { body: { amount: 20_000, msisdn: MTN, reference: 'order-settle-1' } })) as TransactionResponse;
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    const succeeded = await waitFor(async () => { const t = await read(id); return t.status === 'succeeded' ? t : undefined; }, { timeoutMs: 20_000, what: 'the payment to succeed' });
    const net = succeeded.amount - succeeded.fee;

    const settled = await waitFor(async () => {
      const t = await read(id);
      return t.settled_at ? t : undefined;
    }, { timeoutMs: 30_000, intervalMs: 500, what: 'the payment to be settled' });
    expect(Date.parse(settled.settled_at!)).toBeGreaterThanOrEqual(Date.parse(settled.completed_at!));
    const balance = await balanceOf(system);
    expect(balance.pending).toBe(0);
    expect(balance.available).toBeGreaterThanOrEqual(net);
    // Settled money can be paid out.
    const payout = (await system.api('POST', '/v1/payouts', { body: { amount: 1_000, msisdn: MTN } })) as TransactionResponse;
    expect(payout.status).toBe(201);

    const settlements = (await system.api<Page<{ id: string; transaction_count: number; net: number; status: string; period_end: string }>>('GET', '/v1/settlements', { key: system.merchant.accountKey })).body;
    const covering = [];
    for (const s of settlements.data) {
      const covered = (await system.api<Page<{ id: string; net: number }>>('GET', `/v1/settlements/${s.id}/transactions?limit=100`)).body.data;
      if (covered.some((c) => c.id === id)) covering.push({ s, covered });
    }
    expect(covering).toHaveLength(1);
    const [{ s, covered }] = covering;
    expect(s.status).toBe('completed');
    expect(s.net).toBe(covered.reduce((sum, c) => sum + c.net, 0));
    expect(Date.parse(s.period_end)).toBeGreaterThan(Date.parse(settled.completed_at!));
    expect((await system.api('GET', `/v1/settlements/${s.id}`)).body).toMatchObject({ success: true, data: { id: s.id, transaction_count: covered.length } });

    // The movements: the payment into pending, then its settlement into available.
    const moves = (await system.api<Page<{ type: string; transaction_id: string; settlement_id: string | null; net: number; change: { pending: number; available: number } }>>('GET', '/v1/balance-transactions?limit=100')).body.data;
    const ofPayment = moves.filter((m) => m.transaction_id === id);
    expect(ofPayment.map((m) => m.type).sort()).toEqual(['payment', 'settlement']);
    expect(ofPayment.find((m) => m.type === 'payment')).toMatchObject({ net, change: { pending: net, available: 0 } });
    expect(ofPayment.find((m) => m.type === 'settlement')).toMatchObject({ net: 0, settlement_id: s.id, change: { pending: -net, available: net } });
    const onlySettlements = (await system.api<Page<{ type: string }>>('GET', '/v1/balance-transactions?type=settlement')).body.data;
    expect(onlySettlements.length).toBeGreaterThan(0);
    expect(onlySettlements.every((m) => m.type === 'settlement')).toBe(true);
  });

  it('exports a statement whose opening balance plus movements is its closing balance, as JSON and as CSV', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const json = await system.api<{ data: { opening_balance: { total: number }; closing_balance: { total: number; available: number; pending: number; reserved: number }; movements: { net: number }[] } }>(
      'GET',
      `/v1/statements?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    expect(json.status).toBe(200);
    const statement = json.body.data;
    expect(statement.opening_balance.total + statement.movements.reduce((sum, m) => sum + m.net, 0)).toBe(statement.closing_balance.total);
    const now = await balanceOf(system);
    expect(statement.closing_balance).toEqual({ available: now.available, pending: now.pending, reserved: now.reserved, total: now.available + now.pending + now.reserved });

    const res = await fetch(`${system.stack.url('api-gateway')}/v1/statements?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=csv`, {
      headers: { authorization: `Bearer ${system.merchant.accountKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const rows = (await res.text()).trim().split('\r\n').map((line) => line.split(','));
    const header = rows[0];
    const col = (name: string) => header.indexOf(name);
    expect(rows[1][col('type')]).toBe('opening_balance');
    expect(rows[rows.length - 1][col('type')]).toBe('closing_balance');
    const movements = rows.slice(2, -1);
    expect(movements).toHaveLength(statement.movements.length);
    const opening = Number(rows[1][col('total_after')]);
    const closing = Number(rows[rows.length - 1][col('total_after')]);
    expect(opening + movements.reduce((sum, r) => sum + Number(r[col('net')]), 0)).toBe(closing);
    expect(closing).toBe(statement.closing_balance.total);
  });

  it('withdraws available balance to the registered settlement wallet, as a marked payout, once per Idempotency-Key', async () => {
    const account = system.merchant.accountKey;
    const withdraw = (body: Record<string, unknown>, key: string) =>
      system.api('POST', '/v1/withdrawals', { body, headers: { 'Idempotency-Key': key } }) as Promise<TransactionResponse>;
    expect((await system.api('GET', '/v1/settlement-wallet', { key: account })).status).toBe(404);
    expect((await withdraw({ amount: 1_000 }, 'w-before-wallet')).body).toMatchObject({ status: 'error', code: 'SETTLEMENT_WALLET_MISSING' });
    // The wallet is an account setting; withdrawing moves money, so it takes an app key.
    expect((await system.api('PUT', '/v1/settlement-wallet', { body: { msisdn: '0788000321' } })).status).toBe(403);
    expect((await system.api('PUT', '/v1/settlement-wallet', { key: account, body: { msisdn: '0758000321' } })).body).toMatchObject({ code: 'UNSUPPORTED_NETWORK' });
    const registered = await system.api<{ data: { msisdn: string; network: string; mode: string } }>('PUT', '/v1/settlement-wallet', { key: account, body: { msisdn: '0788000321' } });
    expect(registered.body.data).toMatchObject({ msisdn: '250788000321', network: 'mtn', mode: 'test' });
    expect((await system.api('POST', '/v1/withdrawals', { key: account, body: { amount: 1_000 } })).status).toBe(403);

    const before = await balanceOf(system);
    expect((await withdraw({ amount: before.available }, 'w-too-much')).body).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    const first = await withdraw({ amount: 2_000, reference: 'payout-to-self' }, 'w-1');
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ direction: 'payout', amount: 2_000, msisdn: '250788000321', reference: 'payout-to-self', description: 'Withdrawal to the settlement wallet' });
    const replay = await withdraw({ amount: 2_000, reference: 'payout-to-self' }, 'w-1');
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const done = await waitFor(async () => {
      const t = await read(first.body.data.id);
      return t.status === 'pending' ? undefined : t;
    }, { timeoutMs: 20_000, what: 'the withdrawal to be final' });
    expect(done.status).toBe('succeeded');
    expect((await balanceOf(system)).available).toBe(before.available - 2_000 - done.fee);
    const moves = (await system.api<Page<{ type: string; transaction_id: string }>>('GET', `/v1/balance-transactions?limit=100`)).body.data.filter((m) => m.transaction_id === done.id);
    expect(moves.map((m) => m.type).sort()).toEqual(['withdrawal', 'withdrawal_hold']);
  });
});
