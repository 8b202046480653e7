import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsoleAccountsRepository } from '@momo/data';
import { createTestDatabase, runAdminCli, seedConsoleOperator, SeededConsoleOperator, seedMerchant, SeededMerchant, TestDatabase } from '@momo/testing';

/**
 * Money commands (ledger adjust propose/approve/reject, reconcile operator-report) run only as an
 * authenticated console account with the operator role: the console's password check and lock-out,
 * every refusal in the console's audit log.
 */
describe('admin-cli money commands: who runs them', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  const MAX_FAILURES = 3;
  const run = (args: string[], email: string, password: string) =>
    runAdminCli([...args, '--operator', email, '--password-stdin'], { databaseUrl: db.url, stdin: `${password}\n`, env: { CONSOLE_MAX_FAILED_SIGN_INS: String(MAX_FAILURES) } });
  const propose = (email: string, password: string) =>
    run(['ledger', 'adjust', 'propose', '--merchant', merchant.merchantId, '--mode', 'test', '--amount', '500', '--counterparty', 'fee_revenue', '--reason', 'goodwill credit, ticket OPS-12', '--json'], email, password);
  const adjustments = async () => Number((await db.dataSource.query(`SELECT count(*)::int AS n FROM ledger_adjustments`))[0].n);
  const account = async (email: string) => (await db.dataSource.query(`SELECT failed_logins, locked_until FROM console_operators WHERE email = $1`, [email]))[0] as { failed_logins: number; locked_until: Date | null };
  const deniedFor = async (email: string) =>
    db.dataSource.query(`SELECT action, outcome, details->>'reason' AS reason FROM console_audit_log WHERE lower(operator_email) = lower($1) AND outcome = 'denied' ORDER BY id`, [email]);

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
  });
  afterAll(() => db.drop());

  it('refuses a wrong password, counts it toward the lock-out, and refuses a locked account even with the right one', async () => {
    const dave = await seedConsoleOperator(db.dataSource, { email: 'dave@ops.example' });
    const wrong = await propose(dave.email, 'not-the-password');
    expect(wrong).toMatchObject({ status: 1, stderr: 'admin-cli: sign-in refused for dave@ops.example: wrong e-mail or password, or the account is disabled\n' });
    expect(wrong.stdout + wrong.stderr).not.toContain(dave.password);
    expect((await account(dave.email)).failed_logins).toBe(1);
    // Nothing piped in is refused before any check, and is not counted.
    expect(await propose(dave.email, '')).toMatchObject({ status: 1, stderr: expect.stringContaining('no password on standard input') });
    expect((await account(dave.email)).failed_logins).toBe(1);

    // A right password resets the count, as a console sign-in does.
    expect(await propose(dave.email, dave.password)).toMatchObject({ status: 0 });
    expect((await account(dave.email)).failed_logins).toBe(0);
    expect(await adjustments()).toBe(1);

    for (let i = 1; i < MAX_FAILURES; i++) expect(await propose(dave.email, `guess-${i}`)).toMatchObject({ status: 1, stderr: expect.stringContaining('wrong e-mail or password') });
    expect(await propose(dave.email, 'last-guess')).toMatchObject({ status: 1, stderr: expect.stringContaining('the account is locked') });
    expect((await account(dave.email)).locked_until!.getTime()).toBeGreaterThan(Date.now());
    expect(await propose(dave.email, dave.password)).toMatchObject({ status: 1, stderr: expect.stringContaining('the account is locked') });
    expect(await adjustments()).toBe(1);
    expect(await deniedFor(dave.email)).toEqual([
      { action: 'propose ledger adjustment', outcome: 'denied', reason: 'wrong_password' },
      ...Array.from({ length: MAX_FAILURES }, () => ({ action: 'propose ledger adjustment', outcome: 'denied', reason: 'wrong_password' })),
      { action: 'propose ledger adjustment', outcome: 'denied', reason: 'locked' },
    ]);

    // The console's unlock lifts it for admin-cli too.
    expect(await runAdminCli(['operator', 'unlock', dave.email], { databaseUrl: db.url })).toMatchObject({ status: 0 });
    expect(await propose(dave.email, dave.password)).toMatchObject({ status: 0 });
    expect(await adjustments()).toBe(2);
  });

  it('refuses a viewer, a disabled account and an unknown e-mail', async () => {
    const before = await adjustments();
    const viewer = await seedConsoleOperator(db.dataSource, { email: 'vera@ops.example', role: 'viewer' });
    expect(await propose(viewer.email, viewer.password)).toMatchObject({ status: 1, stderr: 'admin-cli: vera@ops.example is a viewer: only operator accounts may propose ledger adjustment\n' });

    const gone = await seedConsoleOperator(db.dataSource, { email: 'gone@ops.example' });
    await new ConsoleAccountsRepository(db.dataSource).disable(gone.email);
    expect(await propose(gone.email, gone.password)).toMatchObject({ status: 1, stderr: expect.stringContaining('sign-in refused for gone@ops.example') });

    expect(await propose('nobody@ops.example', 'whatever-password')).toMatchObject({ status: 1, stderr: expect.stringContaining('sign-in refused for nobody@ops.example') });

    // Deciding is refused the same way: a viewer cannot approve someone else's proposal.
    const erin = await seedConsoleOperator(db.dataSource, { email: 'erin@ops.example' });
    const proposed = JSON.parse((await propose(erin.email, erin.password)).stdout) as { id: string };
    expect(await run(['ledger', 'adjust', 'approve', proposed.id], viewer.email, viewer.password)).toMatchObject({ status: 1, stderr: expect.stringContaining('is a viewer') });
    expect(await run(['ledger', 'adjust', 'reject', proposed.id, '--note', 'no'], gone.email, gone.password)).toMatchObject({ status: 1, stderr: expect.stringContaining('sign-in refused') });
    expect((await db.dataSource.query(`SELECT status FROM ledger_adjustments WHERE id = $1`, [proposed.id]))[0].status).toBe('proposed');
    expect(await adjustments()).toBe(before + 1);

    expect(await deniedFor(viewer.email)).toEqual([
      { action: 'propose ledger adjustment', outcome: 'denied', reason: 'viewer role' },
      { action: 'approve ledger adjustment', outcome: 'denied', reason: 'viewer role' },
    ]);
    expect(await deniedFor(gone.email)).toEqual([
      { action: 'propose ledger adjustment', outcome: 'denied', reason: 'disabled' },
      { action: 'reject ledger adjustment', outcome: 'denied', reason: 'disabled' },
    ]);
    expect(await deniedFor('nobody@ops.example')).toEqual([{ action: 'propose ledger adjustment', outcome: 'denied', reason: 'unknown' }]);
  });

  it('records the authenticated account as the importer of an operator report, and refuses a viewer', async () => {
    const frank = await seedConsoleOperator(db.dataSource, { email: 'Frank@Ops.example' });
    const viewer = await seedConsoleOperator(db.dataSource, { email: 'vic@ops.example', role: 'viewer' });
    const file = join(mkdtempSync(join(tmpdir(), 'operator-report-')), 'mtn.csv');
    // One line the operator has and we do not: a missing_here exception naming the import.
    writeFileSync(file, `Financial Transaction Id,Reference Id,Date,Status,Amount\n9001,${randomUUID()},2026-03-01 10:00:00,SUCCESSFUL,1500\n`);
    const args = ['reconcile', 'operator-report', '--network', 'mtn', '--mode', 'test', '--from', '2026-03-01T00:00:00+02:00', '--to', '2026-03-02T00:00:00+02:00', '--file', file, '--json'];

    expect(await run(args, viewer.email, viewer.password)).toMatchObject({ status: 1, stderr: expect.stringContaining('is a viewer') });
    expect(await db.dataSource.query(`SELECT id FROM operator_reports`)).toEqual([]);

    // Signed in with another casing of the e-mail: the account's own is recorded.
    const imported = await run(args, 'frank@ops.example', frank.password);
    expect(imported.status).toBe(0);
    const { reportId } = JSON.parse(imported.stdout) as { reportId: string };
    expect(await db.dataSource.query(`SELECT imported_by FROM operator_reports WHERE id = $1`, [reportId])).toEqual([{ imported_by: 'Frank@Ops.example' }]);
    const exceptions = await db.dataSource.query(`SELECT kind, dossier->>'found_by' AS found_by FROM reconciliation_exceptions WHERE report_id = $1`, [reportId]);
    expect(exceptions).toEqual([{ kind: 'missing_here', found_by: expect.stringContaining('imported by Frank@Ops.example') }]);
    expect(await db.dataSource.query(`SELECT operator_id, target, outcome FROM console_audit_log WHERE action = 'import operator report' AND outcome = 'ok'`)).toEqual([
      { operator_id: frank.account.id, target: `operator report ${reportId}`, outcome: 'ok' },
    ]);
  });
});
