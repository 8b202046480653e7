import { BalanceTransactionsRepository, InvariantsRepository, ReconciliationExceptionsRepository } from '@momo/data';
import {
  createTestDatabase,
  insertTransaction,
  newTransaction,
  runAdminCli,
  seedConsoleOperator,
  SeededConsoleOperator,
  seedMerchant,
  SeededMerchant,
  seedSucceededPayment,
  TestDatabase,
} from '@momo/testing';

/**
 * `ledger adjust …`, run as operators run it (the compiled CLI): two authenticated console
 * accounts, a balanced journal, a reason.
 */
describe('admin-cli ledger adjustments', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let balances: BalanceTransactionsRepository;
  let alice: SeededConsoleOperator;
  let bob: SeededConsoleOperator;
  let carol: SeededConsoleOperator;
  /** Runs a money command as that console account, its password piped in. */
  const as = (who: SeededConsoleOperator, ...args: string[]) => runAdminCli([...args, '--operator', who.email, '--password-stdin'], { databaseUrl: db.url, stdin: `${who.password}\n` });
  const audit = async (action: string) =>
    db.dataSource.query(`SELECT operator_id, operator_email, target, outcome, details->>'reason' AS reason, user_agent FROM console_audit_log WHERE action = $1 ORDER BY id`, [action]);
  const balance = () => balances.merchantBalance(merchant.merchantId, 'test');
  // The ledger's own invariants (the hand-made payout below has, on purpose, no journals or events).
  const LEDGER = ['journals_balance', 'cached_balances_match_entries', 'no_negative_merchant_balance', 'pending_matches_unsettled', 'adjustments_posted'];
  const broken = async () =>
    (await new InvariantsRepository(db.dataSource).check({ deadlines: { collect: 86_400, payout: 86_400 }, deadlineGraceSeconds: 60, outboxBoundSeconds: 86_400 }))
      .filter((r) => r.violations > 0 && LEDGER.includes(r.name))
      .map((r) => `${r.name}: ${r.samples.join('; ')}`);

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    balances = new BalanceTransactionsRepository(db.dataSource);
    await seedSucceededPayment(db.dataSource, merchant, { amount: 10_000 });
    alice = await seedConsoleOperator(db.dataSource, { email: 'alice@ops.example' });
    bob = await seedConsoleOperator(db.dataSource, { email: 'bob@ops.example' });
    carol = await seedConsoleOperator(db.dataSource, { email: 'carol@ops.example' });
  });
  afterAll(() => db.drop());

  it('moves nothing until a second operator approves, refuses the proposer, and resolves the exception it settles', async () => {
    // A payout the operator completed after we failed it: the merchant got its hold back; recover it.
    const payout = await insertTransaction(db.dataSource, newTransaction(merchant, { direction: 'payout', amount: 3_000 }));
    await db.dataSource.query(`UPDATE transactions SET status = 'failed', failure_code = 'DEADLINE_EXCEEDED', completed_at = now() WHERE id = $1`, [payout.id]);
    await new ReconciliationExceptionsRepository(db.dataSource).raise({ transactionId: payout.id, recordedStatus: 'failed', reportedStatus: 'succeeded', source: 'watch' });
    const [{ id: exceptionId }] = await db.dataSource.query(`SELECT id::text FROM reconciliation_exceptions WHERE transaction_id = $1`, [payout.id]);
    const before = await balance();

    // Who you are is proven, not declared: no password on stdin, no command.
    expect(await runAdminCli(['ledger', 'adjust', 'propose', '--merchant', merchant.merchantId, '--mode', 'test', '--amount', '-3050', '--counterparty', 'operator_float', '--network', 'mtn', '--reason', 'missed success, MTN ref T-1', '--operator', alice.email], { databaseUrl: db.url })).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('--password-stdin'),
    });
    const proposed = await as(alice, 'ledger', 'adjust', 'propose', '--merchant', merchant.merchantId, '--mode', 'test', '--amount', '-3050', '--counterparty', 'operator_float', '--network', 'mtn', '--reason', 'payout completed after DEADLINE_EXCEEDED, MTN ref T-1, ticket OPS-7', '--exception', exceptionId, '--json');
    expect(proposed.status).toBe(0);
    const adjustment = JSON.parse(proposed.stdout) as { id: string; status: string };
    expect(adjustment).toMatchObject({ status: 'proposed', amount: -3050, proposed_by: 'alice@ops.example', exception_id: exceptionId });
    expect(await balance()).toEqual(before);

    // The same account cannot approve its own proposal.
    expect(await as(alice, 'ledger', 'adjust', 'approve', adjustment.id)).toMatchObject({ status: 1, stderr: `admin-cli: adjustment ${adjustment.id} was proposed by alice@ops.example; another operator must decide it\n` });
    expect(await balance()).toEqual(before);
    // The database refuses it too, whatever the code path.
    await expect(db.dataSource.query(`UPDATE ledger_adjustments SET status = 'approved', decided_by = 'alice@ops.example', decided_at = now() WHERE id = $1`, [adjustment.id])).rejects.toThrow(/ledger_adjustments_two_people/);

    const approved = await as(bob, 'ledger', 'adjust', 'approve', adjustment.id, '--note', 'checked with MTN', '--json');
    expect(approved.status).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({ status: 'approved', proposed_by: 'alice@ops.example', decided_by: 'bob@ops.example' });
    expect(await db.dataSource.query(`SELECT proposed_by, decided_by FROM ledger_adjustments WHERE id = $1`, [adjustment.id])).toEqual([{ proposed_by: 'alice@ops.example', decided_by: 'bob@ops.example' }]);
    expect(await balance()).toEqual({ ...before, available: before.available - 3050 });
    const [resolved] = await db.dataSource.query(`SELECT resolved_at, resolution FROM reconciliation_exceptions WHERE id = $1`, [exceptionId]);
    expect(resolved.resolved_at).not.toBeNull();
    expect(resolved.resolution).toContain(`ledger adjustment ${adjustment.id}`);
    // Approving twice posts nothing more.
    expect(await as(carol, 'ledger', 'adjust', 'approve', adjustment.id)).toMatchObject({ status: 1, stderr: `admin-cli: adjustment ${adjustment.id} is already approved\n` });
    expect(await balance()).toEqual({ ...before, available: before.available - 3050 });

    // On-call sees every step in the console's audit log: who, on what, with which outcome.
    expect(await audit('propose ledger adjustment')).toEqual([
      { operator_id: alice.account.id, operator_email: 'alice@ops.example', target: `adjustment ${adjustment.id}`, outcome: 'ok', reason: null, user_agent: 'admin-cli' },
    ]);
    expect(await audit('approve ledger adjustment')).toEqual([
      { operator_id: alice.account.id, operator_email: 'alice@ops.example', target: `adjustment ${adjustment.id}`, outcome: 'failed', reason: `adjustment ${adjustment.id} was proposed by alice@ops.example; another operator must decide it`, user_agent: 'admin-cli' },
      { operator_id: bob.account.id, operator_email: 'bob@ops.example', target: `adjustment ${adjustment.id}`, outcome: 'ok', reason: null, user_agent: 'admin-cli' },
      { operator_id: carol.account.id, operator_email: 'carol@ops.example', target: `adjustment ${adjustment.id}`, outcome: 'failed', reason: `adjustment ${adjustment.id} is already approved`, user_agent: 'admin-cli' },
    ]);

    // It is a balanced journal, the merchant sees it as a movement, and every invariant holds.
    const [journal] = await db.dataSource.query(`SELECT j.kind, sum(e.amount)::int AS total, count(e.id)::int AS legs FROM ledger_journals j JOIN ledger_entries e ON e.journal_id = j.id WHERE j.adjustment_id = $1 GROUP BY j.kind`, [adjustment.id]);
    expect(journal).toEqual({ kind: 'adjustment', total: 0, legs: 2 });
    const [movement] = await new BalanceTransactionsRepository(db.dataSource).list({ merchantId: merchant.merchantId, mode: 'test', type: 'adjustment' }, 10);
    expect(movement).toMatchObject({ type: 'adjustment', adjustmentId: adjustment.id, transactionId: null, amount: 3050, fee: 0, net: -3050 });
    expect(await broken()).toEqual([]);
  });

  it('refuses a debit the available balance cannot cover, and lets a reviewer reject', async () => {
    const before = await balance();
    const big = JSON.parse((await as(alice, 'ledger', 'adjust', 'propose', '--merchant', merchant.merchantId, '--mode', 'test', '--amount', String(-(before.available + 1)), '--counterparty', 'fee_revenue', '--reason', 'too large a debit, for the test', '--json')).stdout) as { id: string };
    expect(await as(bob, 'ledger', 'adjust', 'approve', big.id)).toMatchObject({ status: 1, stderr: expect.stringContaining('below zero; nothing was posted') });
    expect(await as(bob, 'ledger', 'adjust', 'reject', big.id, '--note', 'wrong amount')).toMatchObject({ status: 0, stdout: `adjustment ${big.id} rejected by bob@ops.example\n` });
    expect(await balance()).toEqual(before);
    expect((await runAdminCli(['ledger', 'adjust', 'list'], { databaseUrl: db.url })).stdout.trim()).toBe('no adjustments');
    expect((await runAdminCli(['ledger', 'adjust', 'list', '--all'], { databaseUrl: db.url })).stdout).toContain('rejected');
    expect(await as(alice, 'ledger', 'adjust', 'propose', '--merchant', merchant.merchantId, '--mode', 'test', '--amount', '0', '--counterparty', 'fee_revenue', '--reason', 'zero is nothing at all')).toMatchObject({ status: 1 });
    expect(await as(alice, 'ledger', 'adjust', 'propose', '--merchant', merchant.merchantId, '--mode', 'test', '--amount', '5', '--counterparty', 'fee_revenue', '--reason', 'short')).toMatchObject({ status: 1, stderr: 'admin-cli: --reason must be 10-2000 characters\n' });
    expect(await broken()).toEqual([]);
    // Marked approved by hand, with no journal: the invariant names it.
    await db.dataSource.query(`UPDATE ledger_adjustments SET status = 'approved' WHERE id = $1`, [big.id]);
    expect(await broken()).toEqual([`adjustments_posted: adjustment ${big.id} (approved): 0 journal(s)`]);
  });
});
