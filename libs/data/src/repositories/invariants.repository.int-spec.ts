import { collectPending, collectReleased, JournalLeg, payoutReleased, payoutReserved, payoutSettled } from '@momo/domain';
import { ageTransaction, createTestDatabase, newTransaction, SeededMerchant, seedMerchant, TestDatabase } from '@momo/testing';
import { TransactionEntity } from '../entities';
import { InvariantBounds, INVARIANTS, InvariantsRepository } from './invariants.repository';
import { LedgerRepository } from './ledger.repository';
import { OutboxRepository } from './outbox.repository';
import { SettlementsRepository } from './settlements.repository';
import { toTransactionView } from '@momo/contracts';
import { TransactionsRepository } from './transactions.repository';

/** The money invariants on a real ledger: silent when it is right, precise about each way it can go wrong. */
describe('InvariantsRepository (Postgres)', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let transactions: TransactionsRepository;
  let ledger: LedgerRepository;
  let outbox: OutboxRepository;
  let invariants: InvariantsRepository;
  let settlements: SettlementsRepository;
  const bounds: InvariantBounds = { deadlines: { collect: 3_600, payout: 86_400 }, deadlineGraceSeconds: 60, outboxBoundSeconds: 120 };

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource, { webhookUrl: 'https://shop.example/webhooks' });
    transactions = new TransactionsRepository(db.dataSource);
    ledger = new LedgerRepository(db.dataSource);
    outbox = new OutboxRepository(db.dataSource);
    invariants = new InvariantsRepository(db.dataSource);
    settlements = new SettlementsRepository(db.dataSource);
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
      const journal = direction === 'collect' ? (outcome === 'succeeded' ? collectPending(movement(t)) : null) : outcome === 'succeeded' ? payoutSettled(movement(t)) : payoutReleased(movement(t));
      if (journal) await ledger.post(em, t.id, journal);
      await outbox.add(em, `${direction === 'collect' ? 'payment' : 'payout'}.${outcome}`, toTransactionView(settled));
      return settled;
    });
  /** A succeeded cash in settled by a run for the period ending now, as payments-core's settlement runs do it. */
  const settleAllNow = async (periodEnd = new Date(), only?: string) => {
    const run = await settlements.startRun('test', periodEnd);
    for (const merchantId of await settlements.merchantsWithUnsettled('test', periodEnd)) {
      if (only && merchantId !== only) continue;
      const s = await settlements.openSettlement(run.id, merchantId, 'test', periodEnd);
      await db.dataSource.transaction(async (em) => {
        const claimed = await settlements.claimChunk(em, { settlementId: s.id, merchantId, mode: 'test', periodEnd }, 10_000);
        await ledger.postMany(em, claimed.map((t) => ({ transactionId: t.id, journal: collectReleased(movement(t)) })));
      });
      await settlements.completeSettlement(s.id);
    }
    await settlements.completeRun(run.id);
    return run;
  };
  const publishAndConsumeAll = () => db.dataSource.query(`UPDATE outbox_events SET published_at = now(), consumed_at = now() WHERE published_at IS NULL`);
  const violations = async () => Object.fromEntries((await invariants.check(bounds)).filter((r) => r.violations > 0).map((r) => [r.name, r.violations]));

  it('finds nothing wrong with a ledger kept by the rules', async () => {
    await transaction('collect', 'succeeded', 500_000);
    await transaction('collect', 'failed');
    await transaction('collect', 'pending');
    await settleAllNow();
    await transaction('payout', 'succeeded');
    await transaction('payout', 'failed');
    await transaction('payout', 'pending');
    await transaction('collect', 'succeeded', 20_000); // unsettled: not due yet
    // Posted before settlement existed: straight to available, settled when it completed (migration 1795390000000).
    await db.dataSource.transaction(async (em) => {
      const { transaction: t } = await transactions.insertPending(newTransaction(merchant, { amount: 3_000 }), em);
      const done = (await transactions.finalize(t.id, { status: 'succeeded', failureCode: null, failureMessage: null }, em))!;
      const m = movement(t);
      await ledger.post(em, t.id, {
        kind: 'collect_settled',
        legs: (<JournalLeg[]>[
          { account: { kind: 'operator_float', mode: m.mode, network: m.network }, amount: -m.amount },
          { account: { kind: 'merchant_available', mode: m.mode, merchantId: m.merchantId }, amount: m.amount - m.fee },
          { account: { kind: 'fee_revenue', mode: m.mode }, amount: m.fee },
        ]).filter((leg) => leg.amount !== 0),
      });
      await em.query(`UPDATE transactions SET settled_at = completed_at WHERE id = $1`, [t.id]);
      await outbox.add(em, 'payment.succeeded', toTransactionView(done));
    });
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
      await ledger.post(em, t.id, collectPending({ ...movement(t), amount: 4_000 }));
      await outbox.add(em, 'payment.succeeded', toTransactionView(settled));
      return settled;
    });
    // A cash in pending past its hour, an event never published, an event the dispatcher never took.
    const late = await transaction('collect', 'pending');
    await ageTransaction(db.dataSource, late.id, 3 * 3600);
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
      pending_matches_unsettled: 1, // the wrong amount went to pending
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

  it('sees a due cash in left unsettled, a settled one never released, and settlement totals that do not add up', async () => {
    // A fresh merchant, so the breakage above does not count here.
    const own = await seedMerchant(db.dataSource, { webhookUrl: null });
    const collect = async (amount: number) =>
      db.dataSource.transaction(async (em) => {
        const { transaction: t } = await transactions.insertPending(newTransaction(own, { amount }), em);
        const done = (await transactions.finalize(t.id, { status: 'succeeded', failureCode: null, failureMessage: null }, em))!;
        await ledger.post(em, t.id, collectPending(movement(t)));
        await outbox.add(em, 'payment.succeeded', toTransactionView(done));
        return done;
      });
    const before = await violations();
    const settledOk = await collect(7_000);
    await settleAllNow(new Date(Date.now() + 1_000), own.merchantId);
    expect(await violations()).toEqual(before);

    // Completed an hour ago but missed by a run that started now (and covers it).
    const missed = await collect(8_000);
    await db.dataSource.query(`UPDATE transactions SET completed_at = now() - interval '1 hour' WHERE id = $1`, [missed.id]);
    const run = await settlements.startRun('test', new Date(Date.now() + 2_000));
    await settlements.completeRun(run.id);
    // Stamped settled by hand, with no release journal.
    const stamped = await collect(9_000);
    await db.dataSource.query(`UPDATE transactions SET settled_at = now() WHERE id = $1`, [stamped.id]);
    // A settlement whose recorded gross is a franc off what it covers.
    await db.dataSource.query(`UPDATE settlements SET gross = gross + 1, net = net + 1 WHERE id = (SELECT settlement_id FROM transactions WHERE id = $1)`, [settledOk.id]);

    const after = await invariants.check(bounds);
    const count = (name: string) => after.find((r) => r.name === name)!.violations - ((before as Record<string, number>)[name] ?? 0);
    const samples = (name: string) => after.find((r) => r.name === name)!.samples.join('\n');
    expect(count('due_cash_ins_settled')).toBe(1);
    expect(samples('due_cash_ins_settled')).toContain(missed.id);
    expect(count('postings_match_status')).toBe(1);
    expect(samples('postings_match_status')).toContain(`${stamped.id} (collect succeeded: collect_pending)`);
    expect(count('pending_matches_unsettled')).toBe(1);
    expect(samples('pending_matches_unsettled')).toContain(own.merchantId);
    expect(count('settlement_totals_match')).toBe(1);
  });
});
