import { BalanceTransactionsRepository, LedgerRepository, OutboxRepository, TransactionsRepository } from '@momo/data';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, SeededMerchant, TestDatabase } from '@momo/testing';
import { loadConfig } from '@momo/platform';
import { OutboxRelay } from '../outbox/outbox-relay.service';
import { PaymentsCoreConfig } from '../payments-core.config';
import { SettlementService } from './settlement.service';

describe('SettlementService against Postgres', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let settlement: SettlementService;
  let ledger: LedgerRepository;
  let kicks = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    ledger = new LedgerRepository(db.dataSource);
    const relay = { kick: () => kicks++ } as unknown as OutboxRelay;
    settlement = new SettlementService(db.dataSource, new TransactionsRepository(db.dataSource), ledger, new OutboxRepository(db.dataSource), relay, loadConfig(PaymentsCoreConfig, {}));
  });
  afterAll(() => db.drop());

  const outboxOf = (transactionId: string) =>
    db.dataSource.query(`SELECT event_type, payload FROM outbox_events WHERE transaction_id = $1`, [transactionId]);

  it('commits status, ledger posting and outbox event together, once', async () => {
    const tx = await insertTransaction(db.dataSource, newTransaction(merchant, { amount: 5_000, fee: 100 }));
    const first = await settlement.settle(tx.id, { status: 'succeeded', failureCode: null, failureMessage: null, providerRef: 'MTN-1' });
    const again = await settlement.settle(tx.id, { status: 'succeeded', failureCode: null, failureMessage: null });
    expect(first?.status).toBe('succeeded');
    expect(first?.providerRef).toBe('MTN-1');
    expect(again).toBeNull();
    expect((await new BalanceTransactionsRepository(db.dataSource).merchantBalance(merchant.merchantId, 'test')).pending).toBe(4_900);
    const events = await outboxOf(tx.id);
    expect(events).toHaveLength(1);
    expect(events[0].event_type).toBe('payment.succeeded');
    expect(events[0].payload).toMatchObject({ id: tx.id, status: 'succeeded', amount: 5_000, fee: 100 });
    expect(kicks).toBeGreaterThan(0);
  });

  it('never flips a final status when the operator later says otherwise', async () => {
    const tx = await insertTransaction(db.dataSource, newTransaction(merchant));
    await settlement.settle(tx.id, { status: 'failed', failureCode: 'DECLINED', failureMessage: 'declined' });
    const contradicting = await settlement.settle(tx.id, { status: 'succeeded', failureCode: null, failureMessage: null });
    expect(contradicting).toBeNull();
    const [row] = await db.dataSource.query(`SELECT status, failure_code FROM transactions WHERE id = $1`, [tx.id]);
    expect(row).toEqual({ status: 'failed', failure_code: 'DECLINED' });
    expect((await outboxOf(tx.id)).map((e: { event_type: string }) => e.event_type)).toEqual(['payment.failed']);
  });

  it('settles concurrent duplicates of one result exactly once', async () => {
    const tx = await insertTransaction(db.dataSource, newTransaction(merchant, { amount: 1_000, fee: 20 }));
    const before = (await new BalanceTransactionsRepository(db.dataSource).merchantBalance(merchant.merchantId, 'test')).pending;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => settlement.settle(tx.id, { status: 'succeeded', failureCode: null, failureMessage: null })),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await new BalanceTransactionsRepository(db.dataSource).merchantBalance(merchant.merchantId, 'test')).pending).toBe(before + 980);
    expect(await outboxOf(tx.id)).toHaveLength(1);
  });

  it('settles a burst of results in batches with the same effect as one by one, failing only the unknown transaction', async () => {
    const before = (await new BalanceTransactionsRepository(db.dataSource).merchantBalance(merchant.merchantId, 'test')).pending;
    const payments = await Promise.all(
      Array.from({ length: 60 }, () => insertTransaction(db.dataSource, newTransaction(merchant, { amount: 1_000, fee: 20 }))),
    );
    const unknown = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const results = await Promise.allSettled([
      ...payments.map((p, i) =>
        settlement.settle(p.id, i % 3 === 0 ? { status: 'failed', failureCode: 'DECLINED', failureMessage: 'declined' } : { status: 'succeeded', failureCode: null, failureMessage: null }),
      ),
      settlement.settle(unknown, { status: 'succeeded', failureCode: null, failureMessage: null }),
      settlement.settle(payments[1].id, { status: 'succeeded', failureCode: null, failureMessage: null }),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect((results[60] as PromiseRejectedResult).reason.message).toContain(unknown);
    const succeeded = payments.filter((_, i) => i % 3 !== 0).length;
    expect((await new BalanceTransactionsRepository(db.dataSource).merchantBalance(merchant.merchantId, 'test')).pending).toBe(before + succeeded * 980);
    const [counts] = await db.dataSource.query(
      `SELECT count(*) FILTER (WHERE e.event_type = 'payment.succeeded')::int AS ok, count(*) FILTER (WHERE e.event_type = 'payment.failed')::int AS failed,
              (SELECT count(*)::int FROM ledger_journals j WHERE j.transaction_id = ANY($1::uuid[])) AS journals
         FROM outbox_events e WHERE e.transaction_id = ANY($1::uuid[])`,
      [payments.map((p) => p.id)],
    );
    expect(counts).toEqual({ ok: succeeded, failed: 60 - succeeded, journals: succeeded });
  });
});
