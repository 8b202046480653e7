import { collectPending, collectReleased, payoutReleased, payoutReserved, payoutSettled } from '@momo/domain';
import { createTestDatabase, newTransaction, seedMerchant, SeededMerchant, TestDatabase } from '@momo/testing';
import { TransactionEntity } from '../entities';
import { InvariantCheckpointsRepository, InvariantRound } from './invariant-checkpoints.repository';
import { InvariantBounds, InvariantsRepository } from './invariants.repository';
import { LedgerRepository } from './ledger.repository';
import { OutboxRepository } from './outbox.repository';
import { SettlementsRepository } from './settlements.repository';
import { toTransactionView } from '@momo/contracts';
import { TransactionsRepository } from './transactions.repository';

/** The incremental checker: each round reads what was written since the last, and nothing it reads past is lost. */
describe('InvariantCheckpointsRepository (Postgres)', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let transactions: TransactionsRepository;
  let ledger: LedgerRepository;
  let outbox: OutboxRepository;
  let checkpoints: InvariantCheckpointsRepository;
  const bounds: InvariantBounds = { deadlines: { collect: 3_600, payout: 86_400 }, deadlineGraceSeconds: 60, outboxBoundSeconds: 120 };
  // No lag: what was committed before a round is in its window (open transactions still hold it back).
  const round = async (): Promise<InvariantRound> => (await checkpoints.checkSinceCheckpoint(bounds, 0))!;
  const broken = (r: { results: { name: string; violations: number }[] }) => Object.fromEntries(r.results.filter((x) => x.violations > 0).map((x) => [x.name, x.violations]));
  const samples = (r: InvariantRound, name: string) => r.results.find((x) => x.name === name)!.samples.join('\n');

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource, { webhookUrl: null });
    transactions = new TransactionsRepository(db.dataSource);
    ledger = new LedgerRepository(db.dataSource);
    outbox = new OutboxRepository(db.dataSource);
    checkpoints = new InvariantCheckpointsRepository(db.dataSource);
  });
  afterAll(() => db.drop());

  const movement = (t: TransactionEntity) => ({ merchantId: t.merchantId, mode: t.mode, network: t.network, amount: t.amount, fee: t.fee });
  /** A cash in or payout completed exactly as payments-core does it; a released cash in is available for payouts at once. */
  const completed = (direction: 'collect' | 'payout', outcome: 'succeeded' | 'failed', amount = 10_000, released = false) =>
    db.dataSource.transaction(async (em) => {
      const { transaction: t } = await transactions.insertPending(newTransaction(merchant, { direction, amount }), em);
      if (direction === 'payout') await ledger.post(em, t.id, payoutReserved(movement(t)));
      const done = (await transactions.finalize(t.id, { status: outcome, failureCode: outcome === 'failed' ? 'DECLINED' : null, failureMessage: outcome === 'failed' ? 'no' : null }, em))!;
      const journal =
        direction === 'collect' ? (outcome === 'succeeded' ? collectPending(movement(t)) : null) : outcome === 'succeeded' ? payoutSettled(movement(t)) : payoutReleased(movement(t));
      if (journal) await ledger.post(em, t.id, journal);
      if (released) {
        await new SettlementsRepository(db.dataSource).stampEarly(em, t.id);
        await ledger.post(em, t.id, collectReleased(movement(t)));
      }
      await outbox.add(em, `${direction === 'collect' ? 'payment' : 'payout'}.${outcome}`, toTransactionView(done));
      return done;
    });

  it('starts with a full check, then reads only what was written since; a full check on demand reads all again', async () => {
    await completed('collect', 'succeeded', 400_000, true); // funds the payouts below
    const first = await round();
    expect(first.kind).toBe('full');
    expect(broken(first)).toEqual({});

    // Old history tampered with: a success with neither posting nor event, stamped before the checkpoint.
    const old = await transactions.insertPending(newTransaction(merchant));
    await db.dataSource.query(
      `UPDATE transactions SET status = 'succeeded', created_at = $2::timestamptz - interval '1 hour', completed_at = $2::timestamptz - interval '1 hour' WHERE id = $1`,
      [old.transaction.id, first.checkedThrough],
    );
    // New breakage: a stray, empty journal on a failed cash in.
    const failed = await completed('collect', 'failed');
    await db.dataSource.query(`INSERT INTO ledger_journals (transaction_id, kind) VALUES ($1, 'collect_settled')`, [failed.id]);
    // And ordinary traffic, which must not look broken against the running totals.
    await completed('payout', 'succeeded', 2_000);
    await completed('collect', 'succeeded', 3_000);

    const second = await round();
    expect(second.kind).toBe('window');
    expect(second.from).toEqual(first.checkedThrough);
    expect(second.checkedThrough!.getTime()).toBeGreaterThan(first.checkedThrough!.getTime());
    expect(broken(second)).toEqual({ journals_balance: 1, postings_match_status: 1, posting_amounts_match: 1 });
    expect(samples(second, 'postings_match_status')).toContain(failed.id);
    expect(samples(second, 'postings_match_status')).not.toContain(old.transaction.id);

    // Nothing new: the window is empty, and what was found stays recorded.
    const third = await round();
    expect(third.from).toEqual(second.checkedThrough);
    expect(broken(third)).toEqual(broken(second));

    // A full check finds the old tampering too, and the rounds after it keep it.
    const full = (await checkpoints.checkAllAndRecord(bounds, 0))!;
    expect(full.kind).toBe('full');
    expect(broken(full)).toEqual({ journals_balance: 1, postings_match_status: 2, posting_amounts_match: 1, final_transactions_announced: 1 });
    expect(samples(full, 'postings_match_status')).toContain(old.transaction.id);
    expect(broken(await round())).toEqual(broken(full));
    // The record agrees with the read-only full check the admin CLI runs by default.
    const fresh = await new InvariantsRepository(db.dataSource).check(bounds);
    expect(broken({ results: fresh })).toEqual(broken(full));

    // Put right, a recorded row is read again and dropped; the old tampering is still there.
    await db.dataSource.query(`DELETE FROM ledger_journals WHERE transaction_id = $1 AND kind = 'collect_settled'`, [failed.id]);
    expect(broken(await round())).toEqual({ postings_match_status: 1, final_transactions_announced: 1 });
  });

  it('keeps running totals that match the entries, and checks every cached balance against them each round', async () => {
    await completed('collect', 'succeeded', 50_000);
    await completed('payout', 'failed', 1_000);
    const before = await round();
    const totalsMatchEntries = async () => {
      const [row] = await db.dataSource.query(
        `SELECT count(*)::int AS off FROM (
           SELECT e.account_id, sum(e.amount) AS total FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
            WHERE j.created_at < $1 GROUP BY e.account_id) s
           FULL JOIN invariant_account_totals r ON r.account_id = s.account_id
          WHERE r.total IS DISTINCT FROM s.total`,
        [before.checkedThrough],
      );
      return row.off === 0;
    };
    expect(await totalsMatchEntries()).toBe(true);

    // A cached balance nudged away from its entries: seen by the next round, whatever its window.
    await db.dataSource.query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE kind = 'merchant_available' AND merchant_id = $1`, [merchant.merchantId]);
    const nudged = await round();
    expect(broken(nudged).cached_balances_match_entries).toBe(1);
    // Put right, the next round says so (current-state invariants are re-read whole).
    await db.dataSource.query(`UPDATE ledger_accounts SET balance = balance - 1 WHERE kind = 'merchant_available' AND merchant_id = $1`, [merchant.merchantId]);
    expect(broken(await round()).cached_balances_match_entries).toBeUndefined();
  });

  it('does not pass over rows of a transaction still open when a round runs, though they carry an older time', async () => {
    const failed = await completed('collect', 'failed');
    const start = await round();
    const slow = db.dataSource.createQueryRunner();
    await slow.connect();
    try {
      await slow.startTransaction();
      // Stamped with this transaction's start (now()), before the round below; committed after it.
      await slow.query(`INSERT INTO ledger_journals (transaction_id, kind) VALUES ($1, 'payout_settled')`, [failed.id]);
      const [{ started }] = await slow.query(`SELECT now() AS started`);
      const during = await round();
      expect(during.checkedThrough!.getTime()).toBeLessThanOrEqual(new Date(started).getTime());
      expect(during.checkedThrough!.getTime()).toBeGreaterThanOrEqual(start.checkedThrough!.getTime());
      await slow.commitTransaction();
    } finally {
      await slow.release();
    }
    const after = await round();
    expect(samples(after, 'postings_match_status')).toContain(failed.id);
  });

  it('runs one round at a time: a second caller gets nothing while the first holds the checkpoint', async () => {
    const holder = db.dataSource.createQueryRunner();
    await holder.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock(7411300001)`);
      expect(await checkpoints.checkSinceCheckpoint(bounds, 0)).toBeUndefined();
      await holder.query(`SELECT pg_advisory_unlock(7411300001)`);
    } finally {
      await holder.release();
    }
    expect((await checkpoints.checkSinceCheckpoint(bounds, 0))?.kind).toBe('window');
  });
});
