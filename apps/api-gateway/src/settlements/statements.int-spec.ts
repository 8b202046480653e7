import { BalanceTransactionsRepository, TransactionEntity } from '@momo/data';
import { createTestDatabase, generateActivity, seedMerchant, SeededMerchant, TestDatabase } from '@momo/testing';
import { statementCsv } from './statement-csv';
import { toStatementView } from './settlement.views';

/**
 * Statement arithmetic on a generated month of activity (payments, daily settlements, payouts,
 * refunds, failures, payouts still in flight): opening + movements = closing for every balance,
 * statements over consecutive ranges chain, the totals agree with the transactions themselves,
 * and the CSV says the same as the JSON.
 */
describe('statements over a generated month (Postgres)', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let made: TransactionEntity[];
  let movements: BalanceTransactionsRepository;
  const start = new Date('2026-04-01T00:00:00Z');
  const end = new Date('2026-05-01T00:00:00Z');

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    movements = new BalanceTransactionsRepository(db.dataSource);
    made = await generateActivity(db.dataSource, merchant, { start, days: 30, seed: 20260401 });
  }, 120_000);
  afterAll(() => db.drop());

  const statement = async (from: Date, to: Date) => toStatementView('test', await movements.statement(merchant.merchantId, 'test', from, to));

  it('opens at zero and closes at the balance the ledger holds now, movements adding up in every balance', async () => {
    const month = await statement(start, end);
    expect(month.movements.length).toBeGreaterThan(150);
    expect(month.opening_balance).toEqual({ available: 0, pending: 0, reserved: 0, total: 0 });
    const now = await new BalanceTransactionsRepository(db.dataSource).merchantBalance(merchant.merchantId, 'test');
    expect(month.closing_balance).toEqual({ ...now, total: now.available + now.pending + now.reserved });
    expect(now.reserved).toBeGreaterThan(0); // the last day's payouts are in flight
    for (const account of ['available', 'pending', 'reserved', 'total'] as const) {
      const moved = month.movements.reduce((sum, m) => sum + m.change[account], 0);
      expect(month.opening_balance[account] + moved).toBe(month.closing_balance[account]);
    }
    // Each movement's balance_after is the running balance.
    let running = month.opening_balance.total;
    for (const m of month.movements) {
      running += m.net;
      expect(m.balance_after.total).toBe(running);
    }
  });

  it('agrees with the transactions: collected net in, paid out amount + fee out, settlements move nothing in total', async () => {
    const month = await statement(start, end);
    const succeeded = made.filter((t) => t.status === 'succeeded');
    const collected = succeeded.filter((t) => t.direction === 'collect').reduce((sum, t) => sum + t.amount - t.fee, 0);
    const paidOut = succeeded.filter((t) => t.direction === 'payout').reduce((sum, t) => sum + t.amount + t.fee, 0);
    const inFlight = made.filter((t) => t.direction === 'payout' && t.status === 'pending').reduce((sum, t) => sum + t.amount + t.fee, 0);
    expect(month.totals.net).toBe(collected - paidOut);
    expect(month.closing_balance.reserved).toBe(inFlight);
    expect(month.totals.by_type.payment.net).toBe(collected);
    expect((month.totals.by_type.payout?.net ?? 0) + (month.totals.by_type.refund?.net ?? 0)).toBe(-paidOut);
    expect(month.totals.by_type.settlement.net).toBe(0);
    expect(month.totals.by_type.settlement.count + (month.totals.by_type.early_settlement?.count ?? 0)).toBe(succeeded.filter((t) => t.direction === 'collect').length);
  });

  it('chains: each week closes where the next opens, and the weeks hold the month’s movements', async () => {
    const month = await statement(start, end);
    const bounds = [0, 7, 14, 21, 28, 30].map((d) => new Date(start.getTime() + d * 86_400_000));
    let opening = month.opening_balance;
    let count = 0;
    for (let i = 0; i + 1 < bounds.length; i++) {
      const week = await statement(bounds[i], bounds[i + 1]);
      expect(week.opening_balance).toEqual(opening);
      expect(week.opening_balance.total + week.totals.net).toBe(week.closing_balance.total);
      opening = week.closing_balance;
      count += week.movements.length;
    }
    expect(opening).toEqual(month.closing_balance);
    expect(count).toBe(month.movements.length);
  });

  it('lists the same movements through GET /v1/balance-transactions paging, newest first', async () => {
    const month = await statement(start, end);
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await movements.list({ merchantId: merchant.merchantId, mode: 'test', createdFrom: start, createdTo: end }, 25, before);
      seen.push(...page.map((m) => m.id));
      if (page.length < 25) break;
      before = page[page.length - 1].id;
    }
    expect(seen).toEqual(month.movements.map((m) => m.id).reverse());
    const refunds = await movements.list({ merchantId: merchant.merchantId, mode: 'test', type: 'refund' }, 100);
    expect(refunds.every((m) => m.type === 'refund' && m.net < 0)).toBe(true);
  });

  it('exports the same statement as CSV, which adds up in a spreadsheet', async () => {
    const month = await statement(start, end);
    const rows = statementCsv(month).trim().split('\r\n').map((line) => line.split(','));
    const col = (name: string) => rows[0].indexOf(name);
    expect(rows).toHaveLength(month.movements.length + 3);
    expect(rows[1][col('type')]).toBe('opening_balance');
    expect(rows.at(-1)![col('type')]).toBe('closing_balance');
    const opening = Number(rows[1][col('total_after')]);
    const net = rows.slice(2, -1).reduce((sum, r) => sum + Number(r[col('net')]), 0);
    expect(opening + net).toBe(Number(rows.at(-1)![col('total_after')]));
    expect(Number(rows.at(-1)![col('available_after')])).toBe(month.closing_balance.available);
    expect(rows.slice(2, -1).map((r) => r[col('id')])).toEqual(month.movements.map((m) => m.id));
  });
});
