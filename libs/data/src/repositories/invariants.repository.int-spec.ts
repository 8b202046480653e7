import { collectSettled, payoutReleased, payoutReserved, payoutSettled } from '@momo/domain';
import { createTestDatabase, newTransaction, seedMerchant, SeededMerchant, TestDatabase } from '@momo/testing';
import { TransactionEntity } from '../entities';
import { InvariantBounds, INVARIANTS, InvariantsRepository } from './invariants.repository';
import { LedgerRepository } from './ledger.repository';
import { OutboxRepository } from './outbox.repository';
import { toTransactionView } from './transaction.view';
import { TransactionsRepository } from './transactions.repository';

/** The money invariants on a real ledger: silent when it is right, precise about each way it can go wrong. */
describe('InvariantsRepository (Postgres)', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let transactions: TransactionsRepository;
  let ledger: LedgerRepository;
  let outbox: OutboxRepository;
  let invariants: InvariantsRepository;
  const bounds: InvariantBounds = { deadlines: { collect: 3_600, payout: 86_400 }, deadlineGraceSeconds: 60, outboxBoundSeconds: 120 };

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource, { webhookUrl: 'https://shop.example/webhooks' });
    transactions = new TransactionsRepository(db.dataSource);
    ledger = new LedgerRepository(db.dataSource);
    outbox = new OutboxRepository(db.dataSource);
    invariants = new InvariantsRepository(db.dataSource);
  });
  afterAll(() => db.drop());

  const movement = (t: TransactionEntity) => ({ merchantId: t.merchantId, mode: t.mode, network: t.network, amount: t.amount, fee: t.fee });

  /** A transaction created and (optionally) settled exactly as payments-core does it. */
  const transaction = async (direction: 'collect' | 'payout', outcome: 'pending' | 'succeeded' | 'failed', amount = 10_000): Promise<TransactionEntity> =>
    db.dataSource.transaction(async (em) => {
      const { transaction: t } = await transactions.insertPending(newTransaction(merchant, { direction, amount }), em);
      if (direction === 'payout') await ledger.post(em, t.id, payoutReserved(movement(t)));
      if (outcome === 'pending') return t;
      const settled = (await transactions.finalize(t.id, { status: outcome, failureCode: outcome === 'failed' ? 'DECLINED' : null, failureMessage: outcome === 'failed' ? 'no' : null }, em))!;
      const journal = direction === 'collect' ? (outcome === 'succeeded' ? collectSettled(movement(t)) : null) : outcome === 'succeeded' ? payoutSettled(movement(t)) : payoutReleased(movement(t));
      if (journal) await ledger.post(em, t.id, journal);
      await outbox.add(em, `${direction === 'collect' ? 'payment' : 'payout'}.${outcome}`, toTransactionView(settled));
      return settled;
    });
  const publishAndConsumeAll = () => db.dataSource.query(`UPDATE outbox_events SET published_at = now(), consumed_at = now() WHERE published_at IS NULL`);
  const violations = async () => Object.fromEntries((await invariants.check(bounds)).filter((r) => r.violations > 0).map((r) => [r.name, r.violations]));

  it('finds nothing wrong with a ledger kept by the rules', async () => {
    await transaction('collect', 'succeeded', 500_000);
    await transaction('collect', 'failed');
    await transaction('collect', 'pending');
    await transaction('payout', 'succeeded');
    await transaction('payout', 'failed');
    await transaction('payout', 'pending');
    await publishAndConsumeAll();
    const results = await invariants.check(bounds);
    expect(results.map((r) => r.name)).toEqual(Object.keys(INVARIANTS));
    expect(results.filter((r) => r.violations > 0)).toEqual([]);
  });

  it('names each broken invariant with the rows that break it', async () => {
    // A journal with no entries, on a failed cash in (which should have no journal at all).
    const failed = await transaction('collect', 'failed');
    await db.dataSource.query(`INSERT INTO ledger_journals (transaction_id, kind) VALUES ($1, 'collect_settled')`, [failed.id]);
    // A cached balance nudged away from its entries.
    await db.dataSource.query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'merchant_available' AND merchant_id = $1`, [merchant.merchantId]);
    // A negative merchant balance (impossible through the CHECK, so the CHECK goes first).
    const other = await seedMerchant(db.dataSource);
    await db.dataSource.query(`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_no_overdraft`);
    await db.dataSource.query(
      `INSERT INTO ledger_accounts (account_key, kind, mode, merchant_id, balance) VALUES ($1, 'merchant_reserved', 'test', $2, -5)`,
      [`test:merchant_reserved:${other.merchantId}`, other.merchantId],
    );
    // A success with neither its posting nor its event.
    const bare = await transactions.insertPending(newTransaction(merchant));
    await db.dataSource.query(`UPDATE transactions SET status = 'succeeded', completed_at = now() WHERE id = $1`, [bare.transaction.id]);
    // A posting for the wrong amount (it balances, so only the amount check sees it).
    const wrong = await db.dataSource.transaction(async (em) => {
      const { transaction: t } = await transactions.insertPending(newTransaction(merchant, { amount: 5_000 }), em);
      const settled = (await transactions.finalize(t.id, { status: 'succeeded', failureCode: null, failureMessage: null }, em))!;
      await ledger.post(em, t.id, collectSettled({ ...movement(t), amount: 4_000 }));
      await outbox.add(em, 'payment.succeeded', toTransactionView(settled));
      return settled;
    });
    // A cash in pending past its hour, an event never published, an event the dispatcher never took.
    const late = await transaction('collect', 'pending');
    await db.dataSource.query(`UPDATE transactions SET created_at = now() - interval '3 hours' WHERE id = $1`, [late.id]);
    await publishAndConsumeAll();
    const unsent = await transaction('collect', 'succeeded');
    const untaken = await transaction('payout', 'succeeded');
    await db.dataSource.query(`UPDATE outbox_events SET created_at = now() - interval '10 minutes' WHERE transaction_id = $1`, [unsent.id]);
    await db.dataSource.query(`UPDATE outbox_events SET published_at = now() - interval '10 minutes' WHERE transaction_id = $1`, [untaken.id]);

    expect(await violations()).toEqual({
      journals_balance: 1,
      cached_balances_match_entries: 2,
      no_negative_merchant_balance: 1,
      postings_match_status: 2,
      posting_amounts_match: 2, // the wrong amount, and the empty journal
      final_transactions_announced: 1,
      no_pending_past_deadline: 1,
      outbox_published_in_time: 1,
      outbox_taken_in_time: 1,
    });
    const byName = Object.fromEntries((await invariants.check(bounds)).map((r) => [r.name, r.samples]));
    expect(byName.postings_match_status.sort()).toEqual([`${bare.transaction.id} (collect succeeded: no journals)`, `${failed.id} (collect failed: collect_settled)`].sort());
    expect(byName.posting_amounts_match.join()).toContain(wrong.id);
    expect(byName.no_pending_past_deadline[0]).toContain(late.id);
    expect(byName.outbox_published_in_time[0]).toContain(unsent.id);
    expect(byName.outbox_taken_in_time[0]).toContain(untaken.id);
    expect(byName.no_negative_merchant_balance).toEqual([`test:merchant_reserved:${other.merchantId}: -5`]);

    // A delivery row, or an app without a webhook URL in the event's mode, means the dispatcher has the event.
    await db.dataSource.query(`UPDATE app_webhook_settings SET url = NULL WHERE app_id = $1 AND mode = 'live'`, [merchant.appId]);
    expect((await violations()).outbox_taken_in_time).toBe(1); // the event is a test one: the live URL does not matter
    await db.dataSource.query(`UPDATE app_webhook_settings SET url = NULL WHERE app_id = $1 AND mode = 'test'`, [merchant.appId]);
    expect((await violations()).outbox_taken_in_time).toBeUndefined();
  });
});
