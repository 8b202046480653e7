import { LedgerRepository, OutboxRepository, TransactionsRepository } from '@momo/data';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, SeededMerchant, TestDatabase } from '@momo/testing';
import { OutboxRelay } from '../outbox/outbox-relay.service';
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
    settlement = new SettlementService(db.dataSource, new TransactionsRepository(db.dataSource), ledger, new OutboxRepository(db.dataSource), relay);
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
    expect((await ledger.merchantBalance(merchant.merchantId, 'test')).available).toBe(4_900);
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
    const before = (await ledger.merchantBalance(merchant.merchantId, 'test')).available;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => settlement.settle(tx.id, { status: 'succeeded', failureCode: null, failureMessage: null })),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await ledger.merchantBalance(merchant.merchantId, 'test')).available).toBe(before + 980);
    expect(await outboxOf(tx.id)).toHaveLength(1);
  });
});
