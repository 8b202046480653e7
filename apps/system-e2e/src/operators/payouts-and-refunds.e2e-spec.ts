import { ageTransaction, waitFor } from '@momo/testing';
import { AdapterHarness } from './support/adapter-harness';
import { magicNumber } from './support/simulator-control';

/**
 * Payouts and refunds at the adapter's edge (payments-core's side is played by the test): both
 * operators' disbursement and refund protocols against the simulator, re-sends that must not move
 * money twice, the simulator's memory across a restart, and the circuit breaker.
 */
describe('operator-adapter payouts and refunds against the simulator', () => {
  let h: AdapterHarness;

  beforeAll(async () => {
    h = await AdapterHarness.start('operators-payouts', {
      '*': { DATABASE_POOL_SIZE: '3' },
      'operator-simulator': {
        SIMULATOR_DATABASE_POOL_SIZE: '3',
        APPROVAL_DELAY_MS: '200',
        // Longer than a restart of the simulator takes on a busy machine: the payout must still be
        // pending when the restarted simulator is first asked about it.
        DELAYED_APPROVAL_MS: '12000',
        RETRY_AFTER_SECONDS: '7',
      },
      'operator-adapter': {
        OPERATOR_TIMEOUT_MS: '2000',
        BREAKER_VOLUME_THRESHOLD: '3',
        BREAKER_WINDOW_MS: '2000',
        BREAKER_RESET_MS: '3000',
        OPERATOR_BALANCE_POLL_MS: '500',
      },
    });
  });
  afterAll(() => h?.stop());

  describe.each(['mtn', 'airtel'] as const)('%s payouts', (network) => {
    it('sends the money, confirms it by status query, and moves it once', async () => {
      const msisdn = network === 'mtn' ? '250788200001' : '250728200001';
      const before = await h.sim.accounts(network);
      const payout = await h.insert({ network, direction: 'payout', amount: 7_000, msisdn });
      expect(await h.initiate(payout.id)).toMatchObject({ kind: 'accepted' });
      const result = await h.result(payout.id);
      const record = await h.sim.record(payout.id);
      expect(result).toMatchObject({ status: 'succeeded', providerRef: record?.operatorTxnId, source: 'callback' });
      expect(record).toMatchObject({ kind: 'transfer', status: 'SUCCESSFUL', amount: 7_000, msisdn });
      expect((await h.sim.accounts(network)).disbursement).toBe(before.disbursement - 7_000);
      expect((await h.sim.counts(payout.id)).movements).toBe(1);
    });

    it('reports a refusal by the network with our failure code', async () => {
      const payout = await h.insert({ network, direction: 'payout', msisdn: `250${magicNumber(network, 'decline').slice(1)}` });
      expect(await h.initiate(payout.id)).toMatchObject({ kind: 'accepted' });
      expect(await h.result(payout.id)).toMatchObject({ status: 'failed', failureCode: 'NOT_ALLOWED' });
      expect((await h.sim.counts(payout.id)).movements).toBe(0);
    });

    it('treats a re-sent initiation as the same payout: accepted, one movement', async () => {
      const payout = await h.insert({ network, direction: 'payout', amount: 3_000, msisdn: network === 'mtn' ? '250788200002' : '250728200002' });
      const [first, second] = await Promise.all([h.initiate(payout.id, 0), h.initiate(payout.id, 1)]);
      expect([first.kind, second.kind]).toEqual(['accepted', 'accepted']);
      expect(await h.result(payout.id)).toMatchObject({ status: 'succeeded' });
      const counts = await h.sim.counts(payout.id);
      expect(counts.requests[network === 'mtn' ? 'disbursement.transfer' : 'disbursements']).toBe(2);
      expect(counts.movements).toBe(1);
    });
  });

  it('keeps Airtel PINs, client secrets and tokens out of the request log', async () => {
    const rows: { operation: string; request_headers: Record<string, string>; request_body: string | null; response_body: string | null }[] =
      await h.db.dataSource.query(`SELECT operation, request_headers, request_body, response_body FROM operator_requests WHERE network = 'airtel'`);
    const bodies = rows.flatMap((r) => [r.request_body, r.response_body]).filter((b): b is string => b !== null).map((b) => JSON.parse(b));
    const secretsIn = (value: unknown): string[] =>
      !value || typeof value !== 'object'
        ? []
        : Object.entries(value).flatMap(([k, v]) => (['pin', 'client_secret', 'access_token'].includes(k) && v !== '[redacted]' ? [k] : secretsIn(v)));
    expect(rows.filter((r) => r.operation === 'disbursements').length).toBeGreaterThan(0);
    expect(bodies.flatMap(secretsIn)).toEqual([]);
    expect(rows.filter((r) => r.request_headers.Authorization && r.request_headers.Authorization !== '[redacted]')).toEqual([]);
    expect(JSON.stringify(rows)).not.toContain('sandbox-airtel-secret');
    const disbursement = JSON.parse(rows.find((r) => r.operation === 'disbursements')!.request_body!);
    expect(disbursement.pin).toBe('[redacted]');
  });

  describe('refunds', () => {
    const settledPayment = async (network: 'mtn' | 'airtel', msisdn: string, amount: number) => {
      const payment = await h.insert({ network, direction: 'collect', amount, msisdn });
      expect(await h.initiate(payment.id)).toMatchObject({ kind: 'accepted' });
      const result = await h.result(payment.id);
      expect(result.status).toBe('succeeded');
      await h.markSucceeded(payment.id, result.providerRef!);
      return payment;
    };

    it('MTN: refunds part of a payment through /disbursement/v1_0/refund', async () => {
      const msisdn = '250788300001';
      const payment = await settledPayment('mtn', msisdn, 5_000);
      const wallet = await h.sim.wallet('mtn', msisdn);
      const refund = await h.insert({ network: 'mtn', direction: 'payout', amount: 2_000, msisdn, reversesPaymentId: payment.id });
      expect(await h.initiate(refund.id)).toMatchObject({ kind: 'accepted' });
      expect(await h.result(refund.id)).toMatchObject({ status: 'succeeded' });
      expect(await h.sim.record(refund.id)).toMatchObject({ kind: 'refund', status: 'SUCCESSFUL', amount: 2_000 });
      expect(await h.sim.wallet('mtn', msisdn)).toBe(wallet + 2_000);
      expect((await h.sim.counts(refund.id)).movements).toBe(1);
    });

    it('MTN: a re-sent whole refund is the same refund (deduplicated on its reference), not one larger than what is left', async () => {
      const msisdn = '250788300002';
      const payment = await settledPayment('mtn', msisdn, 3_000);
      const refund = await h.insert({ network: 'mtn', direction: 'payout', amount: 3_000, msisdn, reversesPaymentId: payment.id });
      expect(await h.initiate(refund.id, 0)).toMatchObject({ kind: 'accepted' });
      expect(await h.result(refund.id)).toMatchObject({ status: 'succeeded' });
      expect(await h.initiate(refund.id, 1)).toMatchObject({ kind: 'accepted' });
      expect((await h.sim.counts(refund.id)).movements).toBe(1);
    });

    it('Airtel: refunds whole payments only, answers at once, and a re-asked refund moves nothing twice', async () => {
      const msisdn = '250728300001';
      const payment = await settledPayment('airtel', msisdn, 4_000);

      const partial = await h.insert({ network: 'airtel', direction: 'payout', amount: 1_000, msisdn, reversesPaymentId: payment.id });
      expect(await h.initiate(partial.id)).toMatchObject({ kind: 'refused', failureCode: 'REFUND_NOT_SUPPORTED' });
      expect((await h.sim.requests(partial.id)).length).toBe(0);
      await h.markFailed(partial.id, 'REFUND_NOT_SUPPORTED');

      const wallet = await h.sim.wallet('airtel', msisdn);
      const refund = await h.insert({ network: 'airtel', direction: 'payout', amount: 4_000, msisdn, reversesPaymentId: payment.id });
      // The final answer travels in the reply only (payments-core applies it), not as a result too.
      expect(await h.initiate(refund.id)).toMatchObject({ kind: 'accepted', confirmed: { status: 'succeeded' } });
      expect(await h.resultCount(refund.id)).toBe(0);
      // A status check of an Airtel refund asks for the refund again; Airtel refunds a payment once.
      await h.checkStatus(refund.id, 'again');
      await waitFor(async () => ((await h.sim.counts(refund.id)).requests.refund === 2 ? true : undefined), { what: 'the re-asked refund' });
      expect((await h.sim.counts(refund.id)).movements).toBe(1);
      expect(await h.sim.wallet('airtel', msisdn)).toBe(wallet + 4_000);
    });
  });

  it('re-sends an initiation the operator never received, under the same reference', async () => {
    const payment = await h.insert({ network: 'mtn', direction: 'collect', msisdn: '250788400001' });
    // Its send was lost half a minute ago: long enough that no first send can still be on its way.
    await ageTransaction(h.db.dataSource, payment.id, 30);
    expect(await h.sim.record(payment.id)).toBeUndefined();
    await h.checkStatus(payment.id, 'reconcile-0');
    expect(await h.result(payment.id)).toMatchObject({ status: 'succeeded' });
    const counts = await h.sim.counts(payment.id);
    expect(counts).toMatchObject({ movements: 1, requests: { 'collection.requesttopay': 1 } });
  });

  it('remembers every transaction across a simulator restart, and still answers them', async () => {
    const payout = await h.insert({ network: 'mtn', direction: 'payout', msisdn: `250${magicNumber('mtn', 'approve_delayed').slice(1)}` });
    expect(await h.initiate(payout.id)).toMatchObject({ kind: 'accepted' });
    await h.stack.restart('operator-simulator');
    expect(await h.sim.record(payout.id)).toMatchObject({ status: 'PENDING' });
    // The restarted simulator approves it when due. Its callback may reach an adapter whose
    // breaker is still open from the restart (the check is then dropped for the reconciler), so
    // the test asks again itself (every second until the breaker lets it through), as the
    // reconciler would: the simulator must still answer.
    await waitFor(async () => ((await h.sim.record(payout.id))?.status === 'SUCCESSFUL' ? true : undefined), { timeoutMs: 30_000, what: 'the approval after the restart' });
    let asked = 0;
    await waitFor(
      async () => {
        if ((await h.resultCount(payout.id)) > 0) return true;
        await h.checkStatus(payout.id, `after-restart-${asked++}`);
        return undefined;
      },
      { timeoutMs: 45_000, intervalMs: 1_000, what: 'a result after the restart' },
    );
    expect(await h.result(payout.id)).toMatchObject({ status: 'succeeded' });
    expect((await h.sim.counts(payout.id)).movements).toBe(1);
  }, 90_000);

  it('reads our balances at both operators into metrics', async () => {
    const accounts = await h.sim.accounts('airtel');
    const metrics = await waitFor(
      async () => {
        const text = await (await fetch(`${h.stack.managementUrl('operator-adapter')}/metrics`)).text();
        return /momo_operator_account_balance\{[^}]*account="airtel\.disbursement"[^}]*\}/.test(text) ? text : undefined;
      },
      { what: 'balance metrics' },
    );
    const line = metrics.split('\n').find((l) => l.includes('account="airtel.disbursement"') && l.includes('mode="test"'))!;
    expect(Number(line.split(' ').pop())).toBe(accounts.disbursement);
    expect(metrics).toMatch(/momo_operator_account_balance\{[^}]*account="mtn\.collection"/);
  });

  it('opens the circuit after repeated failures: no calls while open, 503 with Retry-After, then a trial call', async () => {
    // Let the breaker's rolling window forget the earlier tests' calls.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const failing = `250${magicNumber('airtel', 'http_503').slice(1)}`;
    let failures = 0;
    for (; failures < 12; failures++) {
      const t = await h.insert({ network: 'airtel', direction: 'payout', msisdn: failing });
      const outcome = await h.initiate(t.id);
      expect(outcome).toMatchObject({ kind: 'unavailable' });
      // 7 s is the operator's own Retry-After; anything else is the open circuit answering.
      if (outcome.kind === 'unavailable' && outcome.retryAfterSeconds !== 7) break;
    }
    // Opens once half the calls in the window failed (balance polls succeed meanwhile).
    expect(failures).toBeGreaterThanOrEqual(3);
    expect(failures).toBeLessThan(12);
    const blocked = await h.insert({ network: 'airtel', direction: 'payout', msisdn: '250728500001' });
    const outcome = await h.initiate(blocked.id);
    expect(outcome).toMatchObject({ kind: 'unavailable' });
    expect(outcome.kind === 'unavailable' && outcome.retryAfterSeconds).toBeLessThanOrEqual(3);
    expect(await h.sim.requests(blocked.id)).toHaveLength(0);

    await new Promise((resolve) => setTimeout(resolve, 3_200));
    const trial = await h.insert({ network: 'airtel', direction: 'payout', msisdn: '250728500002' });
    // Half-open lets one call through at a time: a balance poll (every 500 ms here) may be that
    // trial, and a call meanwhile is told to come back in a second; it does, as a merchant would.
    // Any other answer (the circuit opening again among them) ends the wait and fails below.
    const trialOutcome = await waitFor(
      async () => {
        const answer = await h.initiate(trial.id);
        const behindTrial = answer.kind === 'unavailable' && answer.retryAfterSeconds === 1;
        return behindTrial ? undefined : answer;
      },
      { timeoutMs: 5_000, intervalMs: 250, what: 'the trial call through the half-open circuit' },
    );
    expect(trialOutcome).toMatchObject({ kind: 'accepted' });
    expect(await h.sim.requests(trial.id)).toHaveLength(1);
  });
});
