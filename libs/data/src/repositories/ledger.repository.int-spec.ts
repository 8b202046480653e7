import { collectPending, payoutReserved } from '@momo/domain';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, SeededMerchant, TestDatabase, waitFor } from '@momo/testing';
import { BalanceTransactionsRepository } from './balance-transactions.repository';
import { InsufficientFundsError, LedgerRepository } from './ledger.repository';
import { TransactionsRepository } from './transactions.repository';

describe('ledger and transactions in Postgres', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let ledger: LedgerRepository;
  let transactions: TransactionsRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    ledger = new LedgerRepository(db.dataSource);
    transactions = new TransactionsRepository(db.dataSource);
  });
  afterAll(() => db.drop());

  const movement = (amount: number, fee: number) => ({ merchantId: merchant.merchantId, mode: 'test' as const, network: 'mtn' as const, amount, fee });

  it('posts a collection once, however often the result is applied, to the pending (unsettled) balance', async () => {
    const tx = await insertTransaction(db.dataSource, newTransaction(merchant, { amount: 1000 }));
    const before = await new BalanceTransactionsRepository(db.dataSource).merchantBalance(merchant.merchantId, 'test');
    const first = await db.dataSource.transaction((em) => ledger.post(em, tx.id, collectPending(movement(1000, 20))));
    const second = await db.dataSource.transaction((em) => ledger.post(em, tx.id, collectPending(movement(1000, 20))));
    expect([first, second]).toEqual([true, false]);
    expect(await new BalanceTransactionsRepository(db.dataSource).merchantBalance(merchant.merchantId, 'test')).toEqual({ ...before, pending: before.pending + 980 });
  });

  it('refuses a posting that would overdraw the merchant, leaving nothing behind', async () => {
    const tx = await insertTransaction(db.dataSource, newTransaction(merchant, { direction: 'payout', amount: 1_000_000 }));
    const before = await new BalanceTransactionsRepository(db.dataSource).merchantBalance(merchant.merchantId, 'test');
    await expect(
      db.dataSource.transaction((em) => ledger.post(em, tx.id, payoutReserved(movement(1_000_000, 10_000)))),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await new BalanceTransactionsRepository(db.dataSource).merchantBalance(merchant.merchantId, 'test')).toEqual(before);
    const journals = await db.dataSource.query(`SELECT count(*)::int AS n FROM ledger_journals WHERE transaction_id = $1`, [tx.id]);
    expect(journals[0].n).toBe(0);
  });

  it('keeps posting and refusing overdrafts once it knows the accounts, and recreates an account whose creation rolled back', async () => {
    const other = await seedMerchant(db.dataSource);
    const move = (amount: number, fee: number) => ({ merchantId: other.merchantId, mode: 'test' as const, network: 'mtn' as const, amount, fee });
    const balance = () => new BalanceTransactionsRepository(db.dataSource).merchantBalance(other.merchantId, 'test');
    const collect = async (amount: number) => {
      const tx = await insertTransaction(db.dataSource, newTransaction(other, { amount }));
      return db.dataSource.transaction((em) => ledger.post(em, tx.id, collectPending(move(amount, 0))));
    };

    // The merchant's accounts are created in a transaction that uses them twice, then rolls
    // back: they must not be remembered.
    const rolledBack = await insertTransaction(db.dataSource, newTransaction(other, { amount: 100 }));
    const alsoRolledBack = await insertTransaction(db.dataSource, newTransaction(other, { amount: 150 }));
    await expect(
      db.dataSource.transaction(async (em) => {
        await ledger.post(em, rolledBack.id, collectPending(move(100, 0)));
        await ledger.post(em, alsoRolledBack.id, collectPending(move(150, 0)));
        throw new Error('rolled back after posting');
      }),
    ).rejects.toThrow('rolled back after posting');
    expect((await balance()).pending).toBe(0);

    await collect(300); // creates the accounts again, and commits them
    await collect(200); // the accounts are known now: the cached path
    expect((await balance()).pending).toBe(500);

    const payout = await insertTransaction(db.dataSource, newTransaction(other, { direction: 'payout', amount: 1_000 }));
    await expect(db.dataSource.transaction((em) => ledger.post(em, payout.id, payoutReserved(move(1_000, 0))))).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await balance()).toMatchObject({ pending: 500, available: 0 });
  });

  it('posts many journals on the same accounts at once without a deadlock, each counted once', async () => {
    const busy = await seedMerchant(db.dataSource);
    const move = (amount: number) => ({ merchantId: busy.merchantId, mode: 'test' as const, network: 'mtn' as const, amount, fee: 0 });
    const payments = await Promise.all(Array.from({ length: 40 }, (_, i) => insertTransaction(db.dataSource, newTransaction(busy, { amount: 100 + i }))));
    // Batches of four that overlap, the way concurrent settlement batches and refunds meet.
    const batches = Array.from({ length: 20 }, (_, i) => payments.slice(i * 2, i * 2 + 4));
    const posted = await Promise.all(
      batches.map((batch) => db.dataSource.transaction((em) => ledger.postMany(em, batch.map((t) => ({ transactionId: t.id, journal: collectPending(move(t.amount)) }))))),
    );
    expect(posted.reduce((sum, n) => sum + n, 0)).toBe(40);
    const expected = payments.reduce((sum, t) => sum + t.amount, 0);
    expect((await new BalanceTransactionsRepository(db.dataSource).merchantBalance(busy.merchantId, 'test')).pending).toBe(expected);
  });

  it('rejects a journal that does not net to zero, at commit', async () => {
    const tx = await insertTransaction(db.dataSource, newTransaction(merchant));
    await expect(
      db.dataSource.transaction(async (em) => {
        const [journal] = await em.query(`INSERT INTO ledger_journals (transaction_id, kind) VALUES ($1, 'collect_settled') RETURNING id`, [tx.id]);
        const [account] = await em.query(`SELECT id FROM ledger_accounts LIMIT 1`);
        await em.query(`INSERT INTO ledger_entries (journal_id, account_id, amount) VALUES ($1, $2, 5)`, [journal.id, account.id]);
      }),
    ).rejects.toThrow(/does not balance/);
  });

  it('finalizes a batch by taking its rows\' locks in id order, whatever order its outcomes come in', async () => {
    const [low, high] = (await Promise.all([1, 2].map(() => insertTransaction(db.dataSource, newTransaction(merchant))))).sort((a, b) => (a.id < b.id ? -1 : 1));
    const succeeded = { status: 'succeeded' as const, failureCode: null, failureMessage: null };
    // Another transaction holds the higher id: the batch must hold the lower one while it waits,
    // as every batch does, or two batches given the same ids in opposite orders could deadlock.
    const holder = db.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      await holder.query(`SELECT id FROM transactions WHERE id = $1 FOR UPDATE`, [high.id]);
      const batch = db.dataSource.transaction((em) =>
        transactions.finalizeMany([{ transactionId: high.id, ...succeeded }, { transactionId: low.id, ...succeeded }], em),
      );
      await waitFor(() => lockWaiters().then((n) => (n > 0 ? n : undefined)), { intervalMs: 25, what: 'the batch waiting for the held lock' });
      await expect(holder.query(`SELECT id FROM transactions WHERE id = $1 FOR UPDATE NOWAIT`, [low.id])).rejects.toThrow(/could not obtain lock/);
      await holder.rollbackTransaction();
      expect((await batch).map((t) => t.id).sort()).toEqual([low.id, high.id]);
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
  });

  async function lockWaiters(): Promise<number> {
    const [row] = await db.dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    return row.n;
  }

  it('moves a status forward once and never back, even by hand-written SQL', async () => {
    const tx = await insertTransaction(db.dataSource, newTransaction(merchant));
    const done = await db.dataSource.transaction((em) =>
      transactions.finalize(tx.id, { status: 'succeeded', failureCode: null, failureMessage: null }, em),
    );
    expect(done?.status).toBe('succeeded');
    expect(done?.completedAt).toBeInstanceOf(Date);
    const again = await db.dataSource.transaction((em) =>
      transactions.finalize(tx.id, { status: 'failed', failureCode: 'X', failureMessage: 'x' }, em),
    );
    expect(again).toBeNull();
    await expect(
      db.dataSource.query(`UPDATE transactions SET status = 'pending', completed_at = NULL WHERE id = $1`, [tx.id]),
    ).rejects.toThrow(/cannot become pending/);
    await expect(db.dataSource.query(`UPDATE transactions SET amount = 5000 WHERE id = $1`, [tx.id])).rejects.toThrow(
      /cannot change/,
    );
  });
});
