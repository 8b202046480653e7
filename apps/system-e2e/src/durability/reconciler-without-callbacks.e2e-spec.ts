import { EVENT_HEADER, TransactionView } from '@momo/contracts';
import { runAdminCli, startTestSystem, TestSystem, waitFor } from '@momo/testing';
import { magicNumber, ScenarioName, SimulatorControl } from '../operators/support/simulator-control';

type Network = 'mtn' | 'airtel';

interface Case {
  name: string;
  direction: 'collect' | 'payout';
  network: Network;
  scenario: ScenarioName;
  expected: { status: 'succeeded' | 'failed'; failureCode?: string };
}

/**
 * The simulator sends no callbacks at all: every transaction still reaches its final status,
 * because the reconciler asks the operators itself, on its schedule and at each deadline. A cash
 * in the operator completes only after its deadline stays failed and becomes a reconciliation
 * exception; nothing is moved twice, the ledger holds, and every final status is announced.
 */
describe('reconciliation without callbacks', () => {
  let system: TestSystem;
  let sim: SimulatorControl;

  beforeAll(async () => {
    system = await startTestSystem('reconciler-no-callbacks', {
      env: {
        'operator-simulator': {
          CALLBACKS_ENABLED: 'false',
          APPROVAL_DELAY_MS: '200',
          PROMPT_WINDOW_MS: '1500',
          // The customer approves only after the cash-in deadline: the late-success case.
          DELAYED_APPROVAL_MS: '13000',
          SLOW_ANSWER_MS: '2500',
        },
        'operator-adapter': { OPERATOR_TIMEOUT_MS: '2000', UNRECEIVED_GIVE_UP_SECONDS: '6' },
        // Test-mode settlement every 5 s, so the funding payment becomes available soon (docs/settlement.md).
        'payments-core': { INITIATION_WAIT_MS: '3000', SETTLEMENT_TEST_EVERY_SECONDS: '5' },
        reconciler: {
          SWEEP_INTERVAL_MS: '500',
          MIN_AGE_SECONDS: '1',
          CHECK_DELAYS_SECONDS: '1,1,2',
          DEADLINE_RECHECK_SECONDS: '1',
          COLLECT_DEADLINE_SECONDS: '10',
          PAYOUT_DEADLINE_SECONDS: '12',
          INVARIANT_CHECK_INTERVAL_MS: '1000',
          DEADLINE_GRACE_SECONDS: '15',
          OUTBOX_BOUND_SECONDS: '60',
        },
      },
    });
    sim = new SimulatorControl(system.stack.url('operator-simulator'));
  });
  afterAll(() => system?.stop());

  const number = (network: Network, scenario: ScenarioName, i: number) =>
    scenario === 'approve' ? `07${network === 'mtn' ? '8' : '2'}8${String(100_000 + i).slice(-6)}` : magicNumber(network, scenario);
  const get = async (id: string) => (await system.api<{ data: TransactionView }>('GET', `/v1/payments/${id}`)).body.data;

  it('finishes every transaction from the operators answers alone, agreeing with the operators records', async () => {
    // Funds for the payouts, through the front door like everything else.
    const funding = await system.api<{ data: TransactionView }>('POST', '/v1/payments', { body: { amount: 400_000, msisdn: '0788555001' } });
    expect(funding.status).toBe(201);
    // Succeeded, then settled by a settlement run: only settled money can be paid out.
    await waitFor(async () => ((await get(funding.body.data.id)).settled_at ? true : undefined), { timeoutMs: 30_000, what: 'the funding payment to succeed and settle' });

    const cases: Case[] = [
      { name: 'mtn approve', direction: 'collect', network: 'mtn', scenario: 'approve', expected: { status: 'succeeded' } },
      { name: 'mtn no callback', direction: 'collect', network: 'mtn', scenario: 'no_callback', expected: { status: 'succeeded' } },
      { name: 'mtn slow answer', direction: 'collect', network: 'mtn', scenario: 'slow_answer', expected: { status: 'succeeded' } },
      { name: 'mtn expire', direction: 'collect', network: 'mtn', scenario: 'expire', expected: { status: 'failed', failureCode: 'EXPIRED' } },
      { name: 'mtn decline', direction: 'collect', network: 'mtn', scenario: 'decline', expected: { status: 'failed', failureCode: 'DECLINED' } },
      { name: 'mtn never answered', direction: 'collect', network: 'mtn', scenario: 'stay_pending', expected: { status: 'failed', failureCode: 'DEADLINE_EXCEEDED' } },
      { name: 'mtn never received', direction: 'collect', network: 'mtn', scenario: 'http_500', expected: { status: 'failed', failureCode: 'NOT_RECEIVED' } },
      { name: 'mtn approved too late', direction: 'collect', network: 'mtn', scenario: 'approve_delayed', expected: { status: 'failed', failureCode: 'DEADLINE_EXCEEDED' } },
      { name: 'airtel approve', direction: 'collect', network: 'airtel', scenario: 'approve', expected: { status: 'succeeded' } },
      { name: 'airtel wrong pin', direction: 'collect', network: 'airtel', scenario: 'wrong_pin', expected: { status: 'failed', failureCode: 'WRONG_PIN' } },
      { name: 'airtel never answered', direction: 'collect', network: 'airtel', scenario: 'stay_pending', expected: { status: 'failed', failureCode: 'DEADLINE_EXCEEDED' } },
      { name: 'mtn payout', direction: 'payout', network: 'mtn', scenario: 'approve', expected: { status: 'succeeded' } },
      { name: 'mtn payout refused', direction: 'payout', network: 'mtn', scenario: 'decline', expected: { status: 'failed', failureCode: 'NOT_ALLOWED' } },
      { name: 'mtn payout never answered', direction: 'payout', network: 'mtn', scenario: 'stay_pending', expected: { status: 'failed', failureCode: 'DEADLINE_EXCEEDED' } },
      { name: 'airtel payout', direction: 'payout', network: 'airtel', scenario: 'no_callback', expected: { status: 'succeeded' } },
    ];
    const created = await Promise.all(
      cases.map(async (c, i) => {
        const res = await system.api<{ data?: TransactionView; details?: { transaction_id?: string } }>('POST', c.direction === 'collect' ? '/v1/payments' : '/v1/payouts', {
          body: { amount: 1_000 + i, msisdn: number(c.network, c.scenario, i), description: c.name },
        });
        const id = res.body.data?.id ?? res.body.details?.transaction_id;
        if (!id) throw new Error(`${c.name}: no transaction (HTTP ${res.status})`);
        return { ...c, id };
      }),
    );

    // While they are open, the merchant's own reconciliation list shows them.
    const open = await system.api<{ data: TransactionView[] }>('GET', '/v1/payments?status=pending&limit=100');
    expect(open.body.data.map((t) => t.id)).toEqual(expect.arrayContaining(created.filter((c) => c.scenario === 'stay_pending').map((c) => c.id)));

    // A refund of the first approved payment, also without callbacks.
    const approved = created[0];
    await waitFor(async () => ((await get(approved.id)).status === 'succeeded' ? true : undefined), { timeoutMs: 20_000, what: 'the payment to refund' });
    const refund = await system.api<{ data: TransactionView }>('POST', `/v1/payments/${approved.id}/refund`, { body: { amount: 400 } });
    expect(refund.status).toBe(201);
    const all = [...created, { name: 'mtn refund', direction: 'payout' as const, network: 'mtn' as const, scenario: 'approve' as const, expected: { status: 'succeeded' as const }, id: refund.body.data.id }];

    const finals = await waitFor(
      async () => {
        const now = await Promise.all(all.map((c) => get(c.id)));
        return now.every((t) => t.status !== 'pending') ? now : undefined;
      },
      { timeoutMs: 45_000, intervalMs: 500, what: 'every transaction to be final' },
    );
    expect(finals.map((t, i) => ({ name: all[i].name, status: t.status, failureCode: t.failure_code ?? undefined }))).toEqual(all.map((c) => ({ name: c.name, ...c.expected })));
    expect((await system.api<{ data: TransactionView[] }>('GET', '/v1/payments?status=pending')).body.data).toEqual([]);

    // The operators' own books: one movement for each success, none for each failure...
    const lateSuccess = all.find((c) => c.scenario === 'approve_delayed')!;
    await waitFor(async () => ((await sim.record(lateSuccess.id))?.status === 'SUCCESSFUL' ? true : undefined), { timeoutMs: 20_000, what: 'the late approval' });
    const books = await sim.summaries(all.map((c) => c.id));
    for (const c of all) {
      const book = books[c.id];
      if (c === lateSuccess) expect({ name: c.name, ...book }).toEqual({ name: c.name, status: 'SUCCESSFUL', records: 1, movements: 1 });
      else if (c.expected.status === 'succeeded') expect({ name: c.name, ...book }).toEqual({ name: c.name, status: 'SUCCESSFUL', records: 1, movements: 1 });
      else expect({ name: c.name, movements: book.movements, agrees: book.status !== 'SUCCESSFUL' }).toEqual({ name: c.name, movements: 0, agrees: true });
    }

    // ...except the one approved after its deadline: it stays failed, and a human is told.
    const exceptions = await waitFor(
      async () => {
        const listed = JSON.parse((await runAdminCli(['exceptions', 'list', '--json'], { databaseUrl: system.db.url })).stdout);
        return listed.length > 0 ? listed : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 1_000, what: 'the reconciliation exception' },
    );
    expect(exceptions).toEqual([expect.objectContaining({ kind: 'missed_success', transaction_id: lateSuccess.id, recorded_status: 'failed', reported_status: 'succeeded', found_by: 'watch' })]);
    expect((await get(lateSuccess.id)).status).toBe('failed');

    // Every final status reached the merchant's webhook.
    await waitFor(
      () => {
        const seen = new Set(system.receiver.received.map((r) => `${r.headers[EVENT_HEADER]}:${JSON.parse(r.rawBody.toString()).data.id}`));
        return finals.every((t) => seen.has(`${t.direction === 'collect' ? 'payment' : 'payout'}.${t.status}:${t.id}`)) ? true : undefined;
      },
      { timeoutMs: 20_000, what: 'a webhook for every final status' },
    );

    // Held payouts came back when they failed; the ledger and the reconciler's metrics agree.
    const balance = await system.api<{ data: { available: number; pending: number } }>('GET', '/v1/balance');
    expect(balance.body.data.pending).toBe(0);
    expect(await runAdminCli(['invariants'], { databaseUrl: system.db.url })).toMatchObject({ status: 0 });
    const metrics = await waitFor(
      async () => {
        const text = await (await fetch(`${system.stack.managementUrl('reconciler')}/metrics`)).text();
        return /momo_reconciliation_exceptions_open\{kind="missed_success"\} 1/.test(text) ? text : undefined;
      },
      { timeoutMs: 10_000, what: 'the exception in the metrics' },
    );
    const broken = metrics.split('\n').filter((l) => l.startsWith('momo_invariant_violations{') && !l.endsWith(' 0'));
    expect(broken).toEqual([]);
    expect(metrics).toContain('momo_invariant_violations{invariant="no_pending_past_deadline"} 0');
  });
});
