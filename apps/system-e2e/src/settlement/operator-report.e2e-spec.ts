import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { magicNumber, TransactionView } from '@momo/contracts';
import { runAdminCli, seedConsoleOperator, SeededConsoleOperator, startTestSystem, TestSystem, waitFor } from '@momo/testing';
import { AIRTEL, MTN, TransactionResponse } from '../api/api-helpers';

interface ExceptionJson {
  kind: string;
  transaction_id: string | null;
  operator_reference: string | null;
  reported_amount: number | null;
  recorded_status: string | null;
  reported_status: string | null;
  found_by: string;
  dossier: { report_line: { line: number; fields: Record<string, string> } | null; ours: { id: string } | null };
}

/**
 * Operator statement reconciliation through the whole stack: the simulator produces each
 * operator's report in its own layout, the admin CLI imports it, and every mismatch (missing on
 * either side, amount differs, status differs) becomes a reconciliation exception with its dossier.
 */
describe('operator statement reconciliation', () => {
  let system: TestSystem;
  const dir = mkdtempSync(join(tmpdir(), 'operator-report-'));
  const started = new Date(Date.now() - 60_000);
  let alice: SeededConsoleOperator;
  const cli = (...args: string[]) => runAdminCli(args, { databaseUrl: system.db.url });
  /** Imports run as an on-call console account (operator role), its password piped in. */
  const importReport = (...args: string[]) => runAdminCli(['reconcile', 'operator-report', ...args, '--operator', alice.email, '--password-stdin'], { databaseUrl: system.db.url, stdin: `${alice.password}\n` });
  const period = () => ['--from', started.toISOString(), '--to', new Date(Date.now() + 60_000).toISOString()];

  beforeAll(async () => {
    system = await startTestSystem('operator-report');
    alice = await seedConsoleOperator(system.db.dataSource, { email: 'alice@ops.example' });
  });
  afterAll(() => system?.stop());

  const pay = async (msisdn: string, amount: number) => {
    const res = (await system.api('POST', '/v1/payments', { body: { amount, msisdn } })) as TransactionResponse;
    expect(res.status).toBe(201);
    return waitFor(
      async () => {
        const t = (await system.api<{ data: TransactionView }>('GET', `/v1/payments/${res.body.data.id}`)).body.data;
        return t.status === 'pending' ? undefined : t;
      },
      { timeoutMs: 20_000, what: 'the payment to be final' },
    );
  };
  const report = async (network: 'mtn' | 'airtel') => {
    const res = await fetch(`${system.stack.url('operator-simulator')}/control/reports/${network}?from=${encodeURIComponent(started.toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const openExceptions = async () => JSON.parse((await cli('exceptions', 'list', '--json')).stdout) as ExceptionJson[];

  it('matches a clean report line by line, then raises one exception per mismatch kind, with its dossier', async () => {
    const ok = await Promise.all([pay(MTN, 1_000), pay(MTN, 2_000), pay(MTN, 3_000), pay(MTN, 4_000)]);
    const declined = await pay(magicNumber('mtn', 'decline'), 5_000);
    expect(ok.every((t) => t.status === 'succeeded')).toBe(true);
    expect(declined.status).toBe('failed');

    const clean = await report('mtn');
    expect(clean.split('\n')[0]).toBe('Financial Transaction Id,Reference Id,External Transaction Id,Date,Type,Status,Amount,Currency,Account Holder');
    const imported = await importReport('--network', 'mtn', '--mode', 'test', ...period(), '--file', file('mtn-clean.csv', clean), '--json');
    expect(imported.status).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ duplicate: false, lines: 5, matched: 5, mismatches: {}, newExceptions: 0 });
    // The import names the authenticated account that made it.
    expect(await system.db.dataSource.query(`SELECT imported_by FROM operator_reports WHERE id = $1`, [JSON.parse(imported.stdout).reportId])).toEqual([{ imported_by: 'alice@ops.example' }]);
    expect(await openExceptions()).toEqual([]);

    // The operator's version of events differs: one success missing, one amount, two statuses, one stranger.
    const lines = clean.trim().split('\n');
    const edit = (id: string, change: (cells: string[]) => string[] | null) => {
      const i = lines.findIndex((l) => l.split(',')[1] === id);
      const changed = change(lines[i].split(','));
      if (changed) lines[i] = changed.join(',');
      else lines.splice(i, 1);
    };
    edit(ok[0].id, () => null);
    edit(ok[1].id, (c) => [...c.slice(0, 6), '2500', ...c.slice(7)]);
    edit(ok[2].id, (c) => [...c.slice(0, 5), 'FAILED', ...c.slice(6)]);
    edit(declined.id, (c) => [...c.slice(0, 5), 'SUCCESSFUL', ...c.slice(6)]);
    lines.push('9999999999,0b7a2f36-5c1d-4c47-9d5e-6f0e8d3c2a11,,2026-03-10 14:05:11,DEBIT,SUCCESSFUL,7000,RWF,250788000999');
    const tampered = file('mtn-tampered.csv', `${lines.join('\n')}\n`);
    const second = await importReport('--network', 'mtn', '--mode', 'test', ...period(), '--file', tampered, '--json');
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({
      lines: 5,
      matched: 4,
      mismatches: { missing_at_operator: 1, amount_differs: 1, phantom_success: 1, missed_success: 1, missing_here: 1 },
      newExceptions: 5,
    });

    const byKind = Object.fromEntries((await openExceptions()).map((x) => [x.kind, x]));
    expect(byKind.missing_at_operator).toMatchObject({ transaction_id: ok[0].id, recorded_status: 'succeeded', reported_status: null, found_by: 'operator_report' });
    expect(byKind.missing_at_operator.dossier).toMatchObject({ report_line: null, ours: { id: ok[0].id } });
    expect(byKind.amount_differs).toMatchObject({ transaction_id: ok[1].id, reported_amount: 2500 });
    expect(byKind.amount_differs.dossier.report_line?.fields).toMatchObject({ Amount: '2500', 'Reference Id': ok[1].id });
    expect(byKind.phantom_success).toMatchObject({ transaction_id: ok[2].id, recorded_status: 'succeeded', reported_status: 'failed' });
    expect(byKind.missed_success).toMatchObject({ transaction_id: declined.id, recorded_status: 'failed', reported_status: 'succeeded' });
    expect(byKind.missing_here).toMatchObject({ transaction_id: null, operator_reference: '0b7a2f36-5c1d-4c47-9d5e-6f0e8d3c2a11', reported_amount: 7000, reported_status: 'succeeded' });
    expect(byKind.missing_here.dossier.report_line?.line).toBe(6);

    // The same file again: recognised, nothing raised twice.
    const again = await importReport('--network', 'mtn', '--mode', 'test', ...period(), '--file', tampered, '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ duplicate: true, newExceptions: 5 });
    expect(await openExceptions()).toHaveLength(5);
    expect((await cli('exceptions', 'list')).stdout).toContain('mtn ref 0b7a2f36-5c1d-4c47-9d5e-6f0e8d3c2a11');
  });

  it("reads Airtel's own layout, and refuses a file that is not a report", async () => {
    const paid = await pay(AIRTEL, 6_000);
    expect(paid.status).toBe('succeeded');
    const airtel = await report('airtel');
    expect(airtel.split('\n')[0]).toBe('TXN_ID;PARTNER_REF;TXN_DATE;TXN_TYPE;TXN_STATUS;AMOUNT;CURRENCY;MSISDN');
    const imported = await importReport('--network', 'airtel', '--mode', 'test', ...period(), '--file', file('airtel.csv', airtel), '--json');
    expect(JSON.parse(imported.stdout)).toMatchObject({ lines: 1, matched: 1, mismatches: {} });

    // An MTN report given as Airtel's is refused whole, naming what is wrong; nothing is recorded.
    const wrong = await importReport('--network', 'airtel', '--mode', 'test', ...period(), '--file', file('wrong.csv', await report('mtn')));
    expect(wrong).toMatchObject({ status: 1, stderr: expect.stringContaining('the report was not imported: not a report in the airtel layout') });
  });
});
