import { InvariantCheckpointsRepository, ReconciliationExceptionsRepository } from '@momo/data';
import { ageTransaction, createTestDatabase, insertTransaction, newTransaction, runAdminCli, SeededMerchant, seedMerchant, TestDatabase } from '@momo/testing';

/** `invariants` and `exceptions`, run as an operator runs them (the compiled CLI). */
describe('admin-cli invariants and exceptions', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  const cli = (...args: string[]) => runAdminCli(args, { databaseUrl: db.url });

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
  });
  afterAll(() => db.drop());

  it('reports a healthy ledger, then names the broken invariant and exits 2', async () => {
    const healthy = await cli('invariants');
    expect(healthy).toMatchObject({ status: 0, stderr: '' });
    expect(healthy.stdout).toContain('ok      journals_balance');
    expect(healthy.stdout.trim().split('\n').pop()).toBe('all invariants hold');

    const stuck = await insertTransaction(db.dataSource, newTransaction(merchant));
    await ageTransaction(db.dataSource, stuck.id, 3 * 3600);
    const broken = await cli('invariants');
    expect(broken.status).toBe(2);
    expect(broken.stdout).toContain('BROKEN  no_pending_past_deadline');
    expect(broken.stdout).toContain(`- ${stuck.id} (collect, created`);
    expect(broken.stdout.trim().split('\n').pop()).toBe('1 invariant(s) broken');
    const json = JSON.parse((await cli('invariants', '--json')).stdout);
    expect(json.ok).toBe(false);
    expect(json.invariants.find((i: { name: string }) => i.name === 'no_pending_past_deadline')).toMatchObject({ violations: 1 });
    await db.dataSource.query(`UPDATE transactions SET status = 'failed', failure_code = 'DEADLINE_EXCEEDED', completed_at = now() WHERE id = $1`, [stuck.id]);
  });

  it('with --record, makes a full check the record the reconciler publishes and its rounds carry on from', async () => {
    const record = new InvariantCheckpointsRepository(db.dataSource);
    // A success with neither posting nor event, from long ago: before any checkpoint a round could start from.
    const old = await insertTransaction(db.dataSource, newTransaction(merchant));
    await db.dataSource.query(
      `UPDATE transactions SET status = 'succeeded', created_at = now() - interval '2 days', completed_at = now() - interval '2 days' WHERE id = $1`,
      [old.id],
    );
    const recorded = await cli('invariants', '--record', '--json');
    expect(recorded.status).toBe(2);
    expect(JSON.parse(recorded.stdout).invariants.find((i: { name: string }) => i.name === 'postings_match_status')).toMatchObject({ violations: 1 });
    const kept = await record.recorded();
    expect(kept.fullCheckedAt).not.toBeNull();
    expect(kept.results.find((r) => r.name === 'postings_match_status')!.samples.join()).toContain(old.id);
    // Without --record the check reads as before and leaves the record alone.
    await db.dataSource.query(`DELETE FROM invariant_violations`);
    expect((await cli('invariants')).status).toBe(2);
    expect((await record.recorded()).results.every((r) => r.violations === 0)).toBe(true);
  });

  it('lists, shows and resolves reconciliation exceptions', async () => {
    const payout = await insertTransaction(db.dataSource, newTransaction(merchant, { direction: 'payout', amount: 7_000 }));
    await db.dataSource.query(`UPDATE transactions SET status = 'failed', failure_code = 'DEADLINE_EXCEEDED', completed_at = now() WHERE id = $1`, [payout.id]);
    await new ReconciliationExceptionsRepository(db.dataSource).raise({ transactionId: payout.id, recordedStatus: 'failed', reportedStatus: 'succeeded', reportedProviderRef: 'T-9', source: 'watch' });

    const [listed] = JSON.parse((await cli('exceptions', 'list', '--json')).stdout);
    expect(listed).toMatchObject({ status: 'open', kind: 'missed_success', transaction_id: payout.id, direction: 'payout', amount: 7_000, recorded_failure_code: 'DEADLINE_EXCEEDED', reported_provider_ref: 'T-9', found_by: 'watch' });
    expect(listed.what_to_do).toContain('recover amount + fee from the merchant');
    expect((await cli('exceptions', 'list')).stdout).toMatch(new RegExp(`OPEN +missed_success +payout +${payout.id}`));
    expect((await cli('exceptions', 'show', listed.id)).stdout).toContain('reported_status        succeeded');

    const resolved = await cli('exceptions', 'resolve', listed.id, '--note', 'recovered from the merchant balance, ticket OPS-12');
    expect(resolved).toMatchObject({ status: 0, stdout: `exception ${listed.id} resolved\n` });
    expect((await cli('exceptions', 'list')).stdout.trim()).toBe('no open exceptions');
    expect(JSON.parse((await cli('exceptions', 'list', '--all', '--json')).stdout)[0]).toMatchObject({ status: 'resolved', resolution: 'recovered from the merchant balance, ticket OPS-12' });

    expect(await cli('exceptions', 'resolve', listed.id, '--note', 'again')).toMatchObject({ status: 1, stderr: `admin-cli: exception ${listed.id} is already resolved\n` });
    expect(await cli('exceptions', 'resolve', 'abc', '--note', 'x')).toMatchObject({ status: 1, stderr: 'admin-cli: "abc" is not an exception id\n' });
    expect(await cli('exceptions', 'show', '999999')).toMatchObject({ status: 1, stderr: 'admin-cli: no exception 999999\n' });
  });
});
