import { randomUUID } from 'node:crypto';
import {
  InvariantsRepository,
  BalanceTransactionsRepository,
  FeeSchedulesRepository,
  LedgerRepository,
  OutboxRepository,
  ReconciliationExceptionsRepository,
  SettlementReadsRepository,
  SettlementsRepository,
  TransactionEntity,
  TransactionsRepository,
} from '@momo/data';
import { JobRpc, loadConfig } from '@momo/platform';
import { collectReleased } from '@momo/domain';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, SeededMerchant, TestDatabase, waitFor } from '@momo/testing';
import { FeeSchedules } from '../fees/fee-schedules';
import { OutboxRelay } from '../outbox/outbox-relay.service';
import { PaymentsCoreConfig } from '../payments-core.config';
import { InitiationService } from '../initiation/initiation.service';
import { PendingTransactions } from '../initiation/pending-transactions';
import { PayoutsService } from '../payouts/payouts.service';
import { Contradictions } from '../exceptions/contradictions.service';
import { OperatorResults } from '../settlement/operator-results';
import { movementOf, SettlementService } from '../settlement/settlement.service';
import { SettlementRuns } from './settlement-runs.service';

/**
 * Settlement runs on a real ledger: what they move and stamp, their schedule, repeating and
 * resuming them, and running them while payouts and refunds spend the same balances.
 * The operator side is absent (an operator-adapter that never answers: initiations stay pending),
 * which is all a reservation needs; the whole-stack tests cover the rest.
 */
describe('settlement runs (Postgres)', () => {
  let db: TestDatabase;
  let ledger: LedgerRepository;
  let transactions: TransactionsRepository;
  let finality: SettlementService;
  let invariants: InvariantsRepository;
  const silentAdapter = { call: async () => ({ status: 'timeout' }) } as unknown as JobRpc;

  const configWith = (env: Record<string, string> = {}) => loadConfig(PaymentsCoreConfig, { INITIATION_WAIT_MS: '500', ...env });
  const runsWith = (env: Record<string, string> = {}) => new SettlementRuns(db.dataSource, new SettlementsRepository(db.dataSource), ledger, configWith(env));
  const payoutsService = () => {
    const config = configWith();
    const results = new OperatorResults(finality, new Contradictions(transactions, new ReconciliationExceptionsRepository(db.dataSource)), transactions);
    return new PayoutsService(
      db.dataSource,
      transactions,
      ledger,
      new SettlementsRepository(db.dataSource),
      new FeeSchedules(new FeeSchedulesRepository(db.dataSource)),
      new InitiationService(transactions, new PendingTransactions(transactions), finality, silentAdapter, config, results),
    );
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    ledger = new LedgerRepository(db.dataSource);
    transactions = new TransactionsRepository(db.dataSource);
    invariants = new InvariantsRepository(db.dataSource);
    const relay = { kick: () => undefined } as unknown as OutboxRelay;
    finality = new SettlementService(db.dataSource, transactions, ledger, new OutboxRepository(db.dataSource), relay, configWith());
  });
  afterAll(() => db.drop());

  /** A cash in that succeeded through payments-core's own path, completed at `completedAt`. */
  const paid = async (merchant: SeededMerchant, amount: number, completedAt?: Date): Promise<TransactionEntity> => {
    const t = await insertTransaction(db.dataSource, newTransaction(merchant, { amount, reference: `order-${randomUUID().slice(0, 8)}` }));
    const done = (await finality.settle(t.id, { status: 'succeeded', failureCode: null, failureMessage: null, providerRef: `MP-${t.id.slice(0, 6)}` }))!;
    if (completedAt) await db.dataSource.query(`UPDATE transactions SET completed_at = $2 WHERE id = $1`, [t.id, completedAt]);
    return done;
  };
  const balance = (m: SeededMerchant) => new BalanceTransactionsRepository(db.dataSource).merchantBalance(m.merchantId, 'test');
  const row = async (id: string) => (await db.dataSource.query(`SELECT settled_at, settlement_id FROM transactions WHERE id = $1`, [id]))[0];
  const releasesOf = async (ids: string[]) =>
    (await db.dataSource.query(`SELECT count(*)::int AS n FROM ledger_journals WHERE kind = 'collect_released' AND transaction_id = ANY($1::uuid[])`, [ids]))[0].n;
  const broken = async () =>
    (await invariants.check({ deadlines: { collect: 86_400, payout: 86_400 }, deadlineGraceSeconds: 60, outboxBoundSeconds: 86_400, settlementGraceSeconds: 0 }))
      .filter((r) => r.violations > 0)
      .map((r) => `${r.name}: ${r.samples.join('; ')}`);
  const net = (t: TransactionEntity) => t.amount - t.fee;
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

  it('keeps a succeeded cash in pending, then settles what completed before the period end, once', async () => {
    const merchant = await seedMerchant(db.dataSource);
    const due = [await paid(merchant, 10_000, minutesAgo(30)), await paid(merchant, 2_500, minutesAgo(20))];
    const later = await paid(merchant, 7_000, minutesAgo(1));
    expect(await balance(merchant)).toEqual({ pending: net(due[0]) + net(due[1]) + net(later), available: 0, reserved: 0 });
    expect((await row(due[0].id)).settled_at).toBeNull();

    const periodEnd = minutesAgo(10);
    const outcome = await runsWith().runPeriod('test', periodEnd);
    const [settlement] = outcome.settlements.filter((s) => s.merchantId === merchant.merchantId);
    expect(settlement).toMatchObject({ status: 'completed', transactionCount: 2, gross: 12_500, fees: due[0].fee + due[1].fee, net: net(due[0]) + net(due[1]), periodEnd, periodStart: null });
    expect(await balance(merchant)).toEqual({ pending: net(later), available: net(due[0]) + net(due[1]), reserved: 0 });
    for (const t of due) expect(await row(t.id)).toMatchObject({ settled_at: expect.any(Date), settlement_id: settlement.id });
    expect(await row(later.id)).toEqual({ settled_at: null, settlement_id: null });
    const covered = await new SettlementReadsRepository(db.dataSource).covered(settlement.id, 10);
    expect(covered.map((c) => c.id).sort()).toEqual(due.map((t) => t.id).sort());

    // The same period again: the same run, already completed; nothing moves.
    expect(await runsWith().runPeriod('test', periodEnd)).toMatchObject({ alreadyCompleted: true, settlements: [] });
    expect(await balance(merchant)).toEqual({ pending: net(later), available: net(due[0]) + net(due[1]), reserved: 0 });

    // The next period picks up the rest and starts where the previous settlement ended. (Its end is
    // now, not later: a run is keyed by its period end, and a later test's run at that very
    // millisecond would find it completed and settle nothing.)
    const next = await runsWith().runPeriod('test', new Date());
    const second = next.settlements.find((s) => s.merchantId === merchant.merchantId)!;
    expect(second).toMatchObject({ transactionCount: 1, net: net(later), periodStart: periodEnd });
    expect(await balance(merchant)).toEqual({ pending: 0, available: net(due[0]) + net(due[1]) + net(later), reserved: 0 });
    expect(await releasesOf([...due, later].map((t) => t.id))).toBe(3);
    expect(await broken()).toEqual([]);
  });

  it('follows the schedule: test mode every few minutes, live at the Kigali cut-off with a delay in days', async () => {
    const merchant = await seedMerchant(db.dataSource);
    // Test mode, every 300 s: a run at 12:07:31 settles what completed before 12:05:00.
    const now = new Date();
    const periodEnd = new Date(Math.floor(now.getTime() / 300_000) * 300_000);
    const before = await paid(merchant, 3_000, new Date(periodEnd.getTime() - 1_000));
    const after = await paid(merchant, 4_000, new Date(periodEnd.getTime() + 1));
    const outcome = await runsWith({ SETTLEMENT_TEST_EVERY_SECONDS: '300' }).runDue('test', now);
    expect(outcome.periodEnd).toEqual(periodEnd);
    expect((await row(before.id)).settled_at).not.toBeNull();
    expect((await row(after.id)).settled_at).toBeNull();

    // Live, cut-off 00:00 Kigali (22:00 UTC), T+1: a run on 10 March covers what completed before 8 March 22:00 UTC.
    const live = await seedMerchant(db.dataSource, { verified: true, mode: 'live' });
    const liveCashIn = async (completedAt: string) => {
      const t = await insertTransaction(db.dataSource, newTransaction(live, { mode: 'live', amount: 5_000 }));
      await finality.settle(t.id, { status: 'succeeded', failureCode: null, failureMessage: null });
      await db.dataSource.query(`UPDATE transactions SET completed_at = $2 WHERE id = $1`, [t.id, completedAt]);
      return t;
    };
    const covered = await liveCashIn('2026-03-08T21:59:59Z');
    const notYet = await liveCashIn('2026-03-08T22:00:00Z');
    const liveRun = await runsWith({ SETTLEMENT_LIVE_CUTOFF: '00:00', SETTLEMENT_LIVE_DELAY_DAYS: '1' }).runDue('live', new Date('2026-03-10T12:00:00Z'));
    expect(liveRun.periodEnd.toISOString()).toBe('2026-03-08T22:00:00.000Z');
    expect((await row(covered.id)).settled_at).not.toBeNull();
    expect((await row(notYet.id)).settled_at).toBeNull();
    expect(await new BalanceTransactionsRepository(db.dataSource).merchantBalance(live.merchantId, 'live')).toMatchObject({ pending: 4_900, available: 4_900 });
    // What this test left unsettled is settled now, so the next tests' invariants start clean.
    await runsWith().runPeriod('test', new Date());
    // Test-mode runs never touch live money, and the reverse.
    expect(liveRun.settlements.every((s) => s.mode === 'live')).toBe(true);
    expect(outcome.settlements.every((s) => s.mode === 'test')).toBe(true);
  });

  it('resumes a run that crashed midway: what was committed stays, the rest is settled, totals count each cash in once', async () => {
    const merchant = await seedMerchant(db.dataSource);
    const cashIns = await Promise.all([1_000, 2_000, 3_000, 4_000, 5_000].map((a) => paid(merchant, a)));
    const periodEnd = new Date();
    let chunks = 0;
    const crashAfterFirstChunk = async (settlementId: string) => {
      const [owner] = await db.dataSource.query(`SELECT merchant_id FROM settlements WHERE id = $1`, [settlementId]);
      if (owner.merchant_id === merchant.merchantId && ++chunks === 1) throw new Error('process killed');
    };
    await expect(runsWith({ SETTLEMENT_CHUNK_SIZE: '2' }).runPeriod('test', periodEnd, crashAfterFirstChunk)).rejects.toThrow('process killed');
    const halfway = await balance(merchant);
    const allNet = cashIns.reduce((sum, t) => sum + net(t), 0);
    expect(halfway.pending + halfway.available).toBe(allNet);
    expect(halfway.available).toBeGreaterThan(0);
    expect(halfway.pending).toBeGreaterThan(0);
    const [running] = await db.dataSource.query(`SELECT status FROM settlements WHERE merchant_id = $1`, [merchant.merchantId]);
    expect(running.status).toBe('running');
    expect(await broken()).toEqual([]);

    const resumed = await runsWith({ SETTLEMENT_CHUNK_SIZE: '2' }).runPeriod('test', periodEnd);
    const settlement = resumed.settlements.find((s) => s.merchantId === merchant.merchantId)!;
    expect(settlement).toMatchObject({ status: 'completed', transactionCount: 5, gross: 15_000, net: allNet });
    expect(await balance(merchant)).toEqual({ pending: 0, available: allNet, reserved: 0 });
    expect(await releasesOf(cashIns.map((t) => t.id))).toBe(5);
    const [run] = await db.dataSource.query(`SELECT attempts, completed_at FROM settlement_runs WHERE mode = 'test' AND period_end = $1`, [periodEnd]);
    expect(run.attempts).toBe(2);
    expect(run.completed_at).not.toBeNull();
    expect(await broken()).toEqual([]);
  });

  it('settles each cash in once when two runs of the same period race', async () => {
    const merchant = await seedMerchant(db.dataSource);
    const cashIns = await Promise.all(Array.from({ length: 40 }, (_, i) => paid(merchant, 1_000 + i * 10)));
    const periodEnd = new Date();
    await Promise.all([runsWith({ SETTLEMENT_CHUNK_SIZE: '7' }).runPeriod('test', periodEnd), runsWith({ SETTLEMENT_CHUNK_SIZE: '5' }).runPeriod('test', periodEnd)]);
    const allNet = cashIns.reduce((sum, t) => sum + net(t), 0);
    expect(await balance(merchant)).toEqual({ pending: 0, available: allNet, reserved: 0 });
    expect(await releasesOf(cashIns.map((t) => t.id))).toBe(40);
    const settlements = await db.dataSource.query(`SELECT transaction_count, net FROM settlements WHERE merchant_id = $1`, [merchant.merchantId]);
    expect(settlements).toEqual([{ transaction_count: 40, net: String(allNet) }]);
    expect(await broken()).toEqual([]);
  });

  it('settles the rest of the period when every row a chunk locked was settled early meanwhile', async () => {
    const merchant = await seedMerchant(db.dataSource);
    const cashIns = await Promise.all(Array.from({ length: 6 }, (_, i) => paid(merchant, 2_000 + i * 10)));
    const inIdOrder = [...cashIns].sort((a, b) => (a.id < b.id ? -1 : 1));
    // The rows of the run's first chunk, settled early as refunds settle their payments: each
    // locked, stamped and released in one transaction that commits while the chunk waits on it.
    const refunds = db.dataSource.createQueryRunner();
    await refunds.startTransaction();
    for (const t of inIdOrder.slice(0, 4)) {
      await refunds.query(`SELECT id FROM transactions WHERE id = $1 FOR UPDATE`, [t.id]);
      expect(await new SettlementsRepository(db.dataSource).stampEarly(refunds.manager, t.id)).toBe(true);
      await ledger.post(refunds.manager, t.id, collectReleased(movementOf(t)));
    }
    const run = runsWith({ SETTLEMENT_CHUNK_SIZE: '4' }).runPeriod('test', new Date());
    await waitFor(
      async () => Number((await db.dataSource.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n) > 0 || undefined,
      { timeoutMs: 10_000, what: "the run's first chunk waiting on the refunds' locks" },
    );
    await refunds.commitTransaction();
    await refunds.release();
    const [settlement] = (await run).settlements;

    for (const t of inIdOrder.slice(4)) expect(await row(t.id)).toEqual({ settled_at: expect.any(Date), settlement_id: settlement.id });
    expect(settlement.transactionCount).toBe(2);
    expect((await balance(merchant)).pending).toBe(0);
    expect(await broken()).toEqual([]);
  });

  it('lets payouts spend only available balance, and refunds of unsettled payments settle them early, while a run settles the rest', async () => {
    const merchant = await seedMerchant(db.dataSource, { writesPerMinute: 100_000 });
    const payouts = payoutsService();
    const payout = (amount: number) =>
      payouts.createPayout({ transactionId: randomUUID(), merchantId: merchant.merchantId, appId: merchant.appId, mode: 'test', amount, msisdn: '250788000111', network: 'mtn', description: 'payout', reference: '', metadata: {}, initiatedBy: 'api' });
    const refund = (paymentId: string) =>
      payouts.createRefund({ transactionId: randomUUID(), paymentId, merchantId: merchant.merchantId, appId: merchant.appId, mode: 'test', reason: 'refund', initiatedBy: 'api' });

    const cushion = await paid(merchant, 50_000);
    await runsWith().runPeriod('test', new Date());
    expect(await balance(merchant)).toEqual({ pending: 0, available: net(cushion), reserved: 0 });
    const big = await paid(merchant, 100_000);

    // Collected but unsettled money cannot be paid out: only available counts.
    expect(await payout(60_000)).toMatchObject({ outcome: 'rejected', error: { code: 'INSUFFICIENT_BALANCE' } });
    expect(await balance(merchant)).toEqual({ pending: net(big), available: net(cushion), reserved: 0 });

    // A refund of an unsettled payment settles it early (no run covers it), then holds amount + fee from available.
    const early = await refund(big.id);
    if (early.outcome !== 'created') throw new Error(`refund refused: ${JSON.stringify(early)}`);
    const refundCost = early.transaction.amount + early.transaction.fee;
    expect(await row(big.id)).toMatchObject({ settled_at: expect.any(Date), settlement_id: null });
    expect(await balance(merchant)).toEqual({ pending: 0, available: net(cushion) + net(big) - refundCost, reserved: refundCost });
    expect(await broken()).toEqual([]);

    // A refund the balance cannot cover is refused and leaves the payment unsettled (nothing of it commits).
    const poor = await seedMerchant(db.dataSource);
    const unsettled = await paid(poor, 10_000);
    const refusedRefund = await payoutsService().createRefund({ transactionId: randomUUID(), paymentId: unsettled.id, merchantId: poor.merchantId, appId: poor.appId, mode: 'test', reason: 'refund', initiatedBy: 'api' });
    expect(refusedRefund).toMatchObject({ outcome: 'rejected', error: { code: 'INSUFFICIENT_BALANCE' } });
    expect(await row(unsettled.id)).toEqual({ settled_at: null, settlement_id: null });
    expect(await new BalanceTransactionsRepository(db.dataSource).merchantBalance(poor.merchantId, 'test')).toEqual({ pending: net(unsettled), available: 0, reserved: 0 });

    // Under load: a run, refunds of payments it is settling, and payouts, all at once.
    const payments = await Promise.all(Array.from({ length: 24 }, (_, i) => paid(merchant, 20_000 + i * 100)));
    const before = await balance(merchant);
    const answers = await Promise.all([
      runsWith({ SETTLEMENT_CHUNK_SIZE: '4' }).runPeriod('test', new Date()).then(() => null),
      ...payments.filter((_, i) => i % 3 === 0).map((p) => refund(p.id)),
      ...Array.from({ length: 6 }, () => payout(5_000)),
    ]);
    const held = answers
      .filter((a): a is Exclude<typeof a, null> => a !== null)
      .map((a) => (a.outcome === 'created' ? a.transaction.amount + a.transaction.fee : 0))
      .reduce((sum, cost) => sum + cost, 0);
    const after = await balance(merchant);
    expect(after.pending).toBe(0);
    expect(after.reserved - before.reserved).toBe(held);
    expect(after.available + after.reserved).toBe(before.available + before.reserved + before.pending);
    expect(await releasesOf(payments.map((p) => p.id))).toBe(payments.length);
    expect(await broken()).toEqual([]);
  });
});
