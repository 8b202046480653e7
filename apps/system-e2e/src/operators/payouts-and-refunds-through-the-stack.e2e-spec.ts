import { EVENT_HEADER, SIGNATURE_HEADER, TransactionView, verifySignature } from '@momo/contracts';
import { seedMerchant, SeededMerchant, seedSucceededPayment, startTestSystem, TestSystem, waitFor } from '@momo/testing';
import { balanceOf, countTransactions, expectErrorEnvelope, TransactionResponse } from '../api/api-helpers';
import { CONTRACT_ENV } from './support/collection-contract';
import { magicNumber, SCENARIO_CODES, ScenarioName, SimulatorControl } from './support/simulator-control';

type Network = 'mtn' | 'airtel';
type Kind = 'payout' | 'refund';

/** What the merchant and the operator see for one payout or refund. */
interface Expected {
  /** The merchant's HTTP answer to the POST. */
  http: number;
  code?: string;
  retryAfter?: string;
  /** The final status (null: still pending, its hold kept). */
  status: 'succeeded' | 'failed' | null;
  failureCode?: string;
  /** Money movements at the operator for this transaction. */
  movements: 0 | 1;
}

const SCENARIOS = Object.keys(SCENARIO_CODES) as ScenarioName[];
const NETWORKS: Network[] = ['mtn', 'airtel'];
const FUNDS = 50_000;
const PAYOUT = 2_000;
const PAYMENT = 3_000;

const succeeds: Expected = { http: 201, status: 'succeeded', movements: 1 };
const failsLater = (failureCode: string): Expected => ({ http: 201, status: 'failed', failureCode, movements: 0 });
const NETWORK_FAULTS = {
  http_503: { http: 503, code: 'OPERATOR_UNAVAILABLE', retryAfter: '7', status: 'failed', failureCode: 'OPERATOR_UNAVAILABLE', movements: 0 },
  http_429: { http: 429, code: 'RATE_LIMITED', retryAfter: '7', status: 'failed', failureCode: 'OPERATOR_RATE_LIMITED', movements: 0 },
} as const satisfies Record<string, Expected>;

/**
 * Payouts, and MTN refunds, follow the receiving number's scenario (docs/simulator.md): nobody is
 * prompted, so a "decline" is a payee that may not receive and a "wrong PIN" cannot happen.
 */
function transferExpectations(network: Network): Record<ScenarioName, Expected> {
  return {
    approve: succeeds,
    approve_delayed: succeeds,
    stay_pending: { http: 201, status: null, movements: 0 },
    // MTN says EXPIRED; Airtel's disbursement "timed out" (DP00900001014) reads as OPERATOR_FAILED.
    expire: failsLater(network === 'mtn' ? 'EXPIRED' : 'OPERATOR_FAILED'),
    decline: failsLater('NOT_ALLOWED'),
    wrong_pin: succeeds,
    insufficient_funds: failsLater('INSUFFICIENT_FUNDS'),
    no_callback: succeeds,
    duplicate_callbacks: succeeds,
    early_callback: succeeds,
    // Unreadable, and the operator has no record: failed NOT_RECEIVED once UNRECEIVED_GIVE_UP_SECONDS passed.
    http_500: { http: 502, code: 'OPERATOR_ERROR', status: 'failed', failureCode: 'NOT_RECEIVED', movements: 0 },
    ...NETWORK_FAULTS,
    slow_answer: succeeds,
  };
}

/** Airtel refunds are answered at once and finally: only the network's own misbehaviour applies. */
function airtelRefundExpectations(): Record<ScenarioName, Expected> {
  const expectations = Object.fromEntries(SCENARIOS.map((s) => [s, succeeds])) as Record<ScenarioName, Expected>;
  return {
    ...expectations,
    // Asking again is Airtel's only refund enquiry; while it answers 500 nobody can know, so it stays pending.
    http_500: { http: 502, code: 'OPERATOR_ERROR', status: null, movements: 0 },
    ...NETWORK_FAULTS,
  };
}

/**
 * Every case starts at once in beforeAll (about 50 operator calls into a simulator with a pool of
 * three connections), so under load an ordinary operator answer (503, 429, 500, a refusal) can take
 * longer than CONTRACT_ENV's 1.5 s OPERATOR_TIMEOUT_MS: the call then times out, the merchant gets
 * 201 pending instead of the operator's answer, and the case ends NOT_RECEIVED. Only slow_answer is
 * meant to outlast the timeout, so the timeout keeps its production value (7 s, below payments-core's
 * 8 s INITIATION_WAIT_MS) and the slow answer comes well after it.
 */
const CASH_OUT_ENV = {
  ...CONTRACT_ENV,
  'operator-adapter': { ...CONTRACT_ENV['operator-adapter'], OPERATOR_TIMEOUT_MS: '7000' },
  'operator-simulator': { ...CONTRACT_ENV['operator-simulator'], SLOW_ANSWER_MS: '10000' },
  // Settlement runs once a day here, so a refund's early settlement of its payment is what the balances show (docs/settlement.md).
  'payments-core': { SETTLEMENT_TEST_EVERY_SECONDS: '86400' },
};

const EXPECTED: Record<Network, Record<Kind, Record<ScenarioName, Expected>>> = {
  mtn: { payout: transferExpectations('mtn'), refund: transferExpectations('mtn') },
  airtel: { payout: transferExpectations('airtel'), refund: airtelRefundExpectations() },
};

/** One payout or refund as a merchant made it, with what stood before it. */
interface Case {
  network: Network;
  kind: Kind;
  merchant: SeededMerchant;
  /** The receiving wallet, 2507XXXXXXXX. */
  msisdn: string;
  /** The refunded payment (refunds only). */
  payment?: TransactionView;
  balanceBefore: { available: number; pending: number; reserved: number };
  walletBefore: number;
  /** The request as sent (a retry sends it again with the same Idempotency-Key). */
  request: { body: Record<string, unknown>; idempotencyKey: string };
  res: TransactionResponse;
  id: string;
}

/**
 * Cash out through the whole stack, for both operators and every scenario of the simulator:
 * `POST /v1/payouts` and `POST /v1/payments/:id/refund` as a merchant makes them, the HTTP answer,
 * the final status by GET, the signed webhook, the merchant's balance (a failure releases the
 * hold, a success spends amount + fee), the customer's wallet, and the simulator's own books: no
 * transaction moves money twice.
 */
describe('payouts and refunds through the whole stack', () => {
  let system: TestSystem;
  let sim: SimulatorControl;
  const cases = new Map<string, Case>();
  const all: string[] = [];
  let serial = 0;

  const caseKey = (network: Network, kind: Kind, scenario: ScenarioName) => `${network}.${kind}.${scenario}`;
  /** A number no scenario is attached to (07X 6nnnnnn), so each test owns its customer. */
  const freshNumber = (network: Network) => `07${network === 'mtn' ? '8' : '2'}6${String(++serial).padStart(6, '0')}`;
  const canonical = (msisdn: string) => `250${msisdn.slice(1)}`;

  const merchantWithFunds = async (available = FUNDS) => {
    const merchant = await seedMerchant(system.db.dataSource, { webhookUrl: system.receiver.url, readsPerMinute: 100_000, writesPerMinute: 100_000 });
    await seedSucceededPayment(system.db.dataSource, merchant, { amount: available });
    return merchant;
  };
  /** The transaction an answer concerns (created, or named by a refusal); every one is checked against the operator at the end. */
  const transactionId = (res: TransactionResponse): string => {
    const id = res.body.data?.id ?? (res.body.details?.transaction_id as string | undefined);
    if (!id) throw new Error(`no transaction id in ${res.status} ${JSON.stringify(res.body)}`);
    all.push(id);
    return id;
  };
  const payout = (merchant: SeededMerchant, body: Record<string, unknown>, idempotencyKey = `payout-${++serial}`) =>
    system.api('POST', '/v1/payouts', { key: merchant.appKey, body, headers: { 'Idempotency-Key': idempotencyKey } }) as Promise<TransactionResponse>;
  const refund = (merchant: SeededMerchant, paymentId: string, body: Record<string, unknown> = {}, idempotencyKey = `refund-${++serial}`) =>
    system.api('POST', `/v1/payments/${paymentId}/refund`, { key: merchant.appKey, body, headers: { 'Idempotency-Key': idempotencyKey } }) as Promise<TransactionResponse>;
  const read = async (merchant: SeededMerchant, id: string) =>
    (await system.api<{ data: TransactionView }>('GET', `/v1/payments/${id}`, { key: merchant.appKey })).body.data;
  const settled = (merchant: SeededMerchant, id: string, timeoutMs = 30_000) =>
    waitFor(
      async () => {
        const t = await read(merchant, id);
        return t.status === 'pending' ? undefined : t;
      },
      { timeoutMs, intervalMs: 200, what: `transaction ${id} to settle` },
    );
  const balance = (merchant: SeededMerchant) => balanceOf(system, merchant.accountKey);
  const deliveriesFor = (id: string) =>
    system.receiver.received.filter((r) => (JSON.parse(r.rawBody.toString('utf8')) as { data: { id: string } }).data.id === id);

  /** A cash in the simulated operator approved, from a customer of its own. */
  async function paidPayment(merchant: SeededMerchant, network: Network): Promise<TransactionView> {
    const res = (await system.api('POST', '/v1/payments', {
      key: merchant.appKey,
      body: { amount: PAYMENT, msisdn: freshNumber(network), reference: `order-${serial}` },
    })) as TransactionResponse;
    expect(res.status).toBe(201);
    const payment = await settled(merchant, res.body.data.id);
    expect(payment.status).toBe('succeeded');
    return payment;
  }

  async function startPayout(network: Network, scenario: ScenarioName): Promise<Case> {
    const merchant = await merchantWithFunds();
    const msisdn = canonical(magicNumber(network, scenario));
    const [balanceBefore, walletBefore] = await Promise.all([balance(merchant), sim.wallet(network, msisdn)]);
    const request = { body: { amount: PAYOUT, msisdn: magicNumber(network, scenario), reference: `payout-${scenario}` }, idempotencyKey: `payout-${network}-${scenario}` };
    const res = await payout(merchant, request.body, request.idempotencyKey);
    return { network, kind: 'payout', merchant, msisdn, balanceBefore, walletBefore, request, res, id: transactionId(res) };
  }

  /** Pays, then gives the payer the scenario (the refund goes back to the payer's wallet), then refunds. */
  async function startRefund(network: Network, scenario: ScenarioName, body?: Record<string, unknown>): Promise<Case> {
    const merchant = await merchantWithFunds();
    const payment = await paidPayment(merchant, network);
    if (scenario !== 'approve') await sim.setScenario(payment.msisdn, scenario);
    const [balanceBefore, walletBefore] = await Promise.all([balance(merchant), sim.wallet(network, payment.msisdn)]);
    const request = { body: body ?? { reason: `refund ${scenario}` }, idempotencyKey: `refund-${network}-${scenario}-${++serial}` };
    const res = await refund(merchant, payment.id, request.body, request.idempotencyKey);
    return { network, kind: 'refund', merchant, msisdn: payment.msisdn, payment, balanceBefore, walletBefore, request, res, id: transactionId(res) };
  }

  beforeAll(async () => {
    system = await startTestSystem('operators-cash-out', { env: CASH_OUT_ENV });
    sim = new SimulatorControl(system.stack.url('operator-simulator'));
    await Promise.all(
      NETWORKS.flatMap((network) =>
        SCENARIOS.flatMap((scenario) => [
          startPayout(network, scenario).then((c) => cases.set(caseKey(network, 'payout', scenario), c)),
          startRefund(network, scenario).then((c) => cases.set(caseKey(network, 'refund', scenario), c)),
        ]),
      ),
    );
  });
  afterAll(() => system?.stop());

  /** Everything the merchant and the operator show for one case. */
  async function expectOutcome(c: Case, expected: Expected): Promise<TransactionView> {
    const label = `${c.network} ${c.kind}`;
    expect({ label, http: c.res.status }).toEqual({ label, http: expected.http });
    if (expected.http === 201) {
      // Airtel answers a refund at once and finally, so its 201 may already carry the final status.
      const answeredAtOnce = c.network === 'airtel' && c.kind === 'refund';
      expect(c.res.body.data).toMatchObject({
        direction: 'payout',
        network: c.network,
        provider: c.network === 'mtn' ? 'mtn_momo' : 'airtel_money',
        amount: c.request.body.amount ?? c.payment!.amount,
        msisdn: c.msisdn,
        reverses_payment_id: c.payment?.id ?? null,
        status: answeredAtOnce ? expect.stringMatching(/^(pending|succeeded)$/) : 'pending',
        failure_code: null,
      });
    } else {
      const body = expectErrorEnvelope(c.res, expected.http, expected.code);
      expect(body.details).toMatchObject({ transaction_id: c.id });
      if (expected.retryAfter) expect(c.res.headers.get('retry-after')).toBe(expected.retryAfter);
    }

    let final: TransactionView;
    if (expected.status === null) {
      // Still pending well after every other case's answer, on both sides; the hold stays.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      final = await read(c.merchant, c.id);
      expect(final.status).toBe('pending');
      expect(['PENDING', undefined]).toContain((await sim.record(c.id))?.status);
      expect(deliveriesFor(c.id)).toEqual([]);
    } else {
      final = await settled(c.merchant, c.id);
      expect(final).toMatchObject({ status: expected.status, failure_code: expected.failureCode ?? null });
      if (expected.status === 'failed') expect(final.failure_message).toEqual(expect.any(String));
      const event = `payout.${expected.status}`;
      const delivery = await waitFor(() => deliveriesFor(c.id).find((r) => r.headers[EVENT_HEADER] === event), {
        timeoutMs: 15_000,
        what: `${event} webhook for ${c.id}`,
      });
      expect(verifySignature(delivery.headers[SIGNATURE_HEADER] as string, delivery.rawBody, c.merchant.webhookSecret)).toMatchObject({ ok: true });
      expect(JSON.parse(delivery.rawBody.toString('utf8')).data).toEqual(final);
      expect(new Set(deliveriesFor(c.id).map((r) => r.headers[EVENT_HEADER]))).toEqual(new Set([event]));
    }

    // The merchant's balance: a hold while pending, amount + fee gone on success, all back on failure.
    // A refund first settles its (unsettled) payment: the payment's net moves from pending to available.
    const cost = final.amount + final.fee;
    const spent = final.status === 'failed' ? 0 : cost;
    const released = c.payment ? c.payment.amount - c.payment.fee : 0;
    if (c.payment) {
      expect(c.balanceBefore.pending).toBe(released);
      expect((await read(c.merchant, c.payment.id)).settled_at).not.toBeNull();
    }
    expect(await balance(c.merchant)).toEqual({
      available: c.balanceBefore.available + released - spent,
      pending: c.balanceBefore.pending - released,
      reserved: final.status === 'pending' ? cost : 0,
      currency: 'RWF',
      mode: 'test',
    });

    // The operator's books: the money moved once on success, never otherwise.
    const record = await sim.record(c.id);
    expect((await sim.counts(c.id)).movements).toBe(expected.movements);
    expect(await sim.wallet(c.network, c.msisdn)).toBe(c.walletBefore + (final.status === 'succeeded' ? final.amount : 0));
    if (final.status === 'succeeded') {
      expect(record).toMatchObject({ kind: c.kind === 'payout' ? 'transfer' : 'refund', status: 'SUCCESSFUL', amount: final.amount, msisdn: c.msisdn });
      expect(final.provider_ref).toBe(record!.operatorTxnId);
    }
    if (final.status === 'failed') expect(record?.status ?? 'never received').not.toBe('SUCCESSFUL');
    return final;
  }

  describe.each(NETWORKS)('%s', (network) => {
    it.each(SCENARIOS)('payout, scenario %s', async (scenario) => {
      await expectOutcome(cases.get(caseKey(network, 'payout', scenario))!, EXPECTED[network].payout[scenario]);
    });

    it.each(SCENARIOS)('refund, scenario %s', async (scenario) => {
      await expectOutcome(cases.get(caseKey(network, 'refund', scenario))!, EXPECTED[network].refund[scenario]);
    });

    it('refuses a payout over the per-transaction limit, naming the limit, and releases the hold', async () => {
      const merchant = await merchantWithFunds(700_000);
      const res = await payout(merchant, { amount: 600_000, msisdn: freshNumber(network) });
      const id = transactionId(res);
      expect(expectErrorEnvelope(res, 409, 'LIMIT_EXCEEDED').message).toContain('per-transaction limit of 500000 RWF');
      expect(await read(merchant, id)).toMatchObject({ status: 'failed', failure_code: 'LIMIT_EXCEEDED' });
      expect(await balance(merchant)).toMatchObject({ available: 700_000, pending: 0, reserved: 0 });
      expect((await sim.counts(id)).movements).toBe(0);
    });

    it("refuses a payout over the payee's daily limit, naming the limit", async () => {
      const merchant = await merchantWithFunds(1_500_000);
      const msisdn = freshNumber(network);
      for (const amount of [400_000, 400_000]) {
        const ok = await payout(merchant, { amount, msisdn });
        expect(ok.status).toBe(201);
        expect((await settled(merchant, transactionId(ok))).status).toBe('succeeded');
      }
      const over = await payout(merchant, { amount: 300_000, msisdn });
      transactionId(over);
      expect(expectErrorEnvelope(over, 409, 'LIMIT_EXCEEDED').message).toContain('daily limit per customer of 1000000 RWF');
      // 2 × (400,000 + 4,000 fee) spent; the refused payout's hold is back.
      expect(await balance(merchant)).toMatchObject({ available: 1_500_000 - 808_000, pending: 0, reserved: 0 });
    });

    it('answers a second refund of a refunded payment 409 ALREADY_REFUNDED, creating nothing', async () => {
      const c = cases.get(caseKey(network, 'refund', 'approve'))!;
      await settled(c.merchant, c.id);
      const before = await balance(c.merchant);
      for (const body of [{}, { amount: c.payment!.amount }]) {
        const again = await refund(c.merchant, c.payment!.id, body);
        expect(expectErrorEnvelope(again, 409, 'ALREADY_REFUNDED').details).toMatchObject({ payment_id: c.payment!.id });
      }
      expect(await countTransactions(system, 'reverses_payment_id = $1', [c.payment!.id])).toBe(1);
      expect(await balance(c.merchant)).toEqual(before);
      expect(await read(c.merchant, c.payment!.id)).toMatchObject({ status: 'succeeded' });
    });

    it('refuses to refund a payment the network does not know: 409 REFUND_NOT_POSSIBLE, hold released', async () => {
      const merchant = await merchantWithFunds();
      // Succeeded on our books only (seeded), so the operator has no such payment.
      const unknown = await seedSucceededPayment(system.db.dataSource, merchant, { amount: PAYMENT, network });
      const before = await balance(merchant);
      const res = await refund(merchant, unknown.id);
      const id = transactionId(res);
      expectErrorEnvelope(res, 409, 'REFUND_NOT_POSSIBLE');
      const failed = await read(merchant, id);
      expect(failed).toMatchObject({ status: 'failed', failure_code: 'REFUND_NOT_POSSIBLE', reverses_payment_id: unknown.id });
      const delivery = await waitFor(() => deliveriesFor(id).find((r) => r.headers[EVENT_HEADER] === 'payout.failed'), { what: 'payout.failed webhook' });
      expect(verifySignature(delivery.headers[SIGNATURE_HEADER] as string, delivery.rawBody, merchant.webhookSecret)).toMatchObject({ ok: true });
      expect(await balance(merchant)).toEqual(before);
      expect((await sim.counts(id)).movements).toBe(0);
    });

    it('refunds a payment again after its refund failed, moving the money once', async () => {
      // The failed first refund: the payee may not receive (MTN), Airtel unavailable (503).
      const first = cases.get(caseKey(network, 'refund', network === 'mtn' ? 'decline' : 'http_503'))!;
      expect((await settled(first.merchant, first.id)).status).toBe('failed');
      await sim.clearScenario(first.msisdn);
      const before = await balance(first.merchant);
      const again = await refund(first.merchant, first.payment!.id, { reason: 'second try' });
      expect(again.status).toBe(201);
      const id = transactionId(again);
      expect(id).not.toBe(first.id);
      const done = await settled(first.merchant, id);
      expect(done).toMatchObject({ status: 'succeeded', reverses_payment_id: first.payment!.id, amount: first.payment!.amount });
      expect(await balance(first.merchant)).toMatchObject({ available: before.available - done.amount - done.fee, pending: 0, reserved: 0 });
      expect(await sim.wallet(network, first.msisdn)).toBe(first.walletBefore + done.amount);
      expect([(await sim.counts(first.id)).movements, (await sim.counts(id)).movements]).toEqual([0, 1]);
    });

    it('never re-sends a slow payout or refund as a second money movement', async () => {
      const payoutCase = cases.get(caseKey(network, 'payout', 'slow_answer'))!;
      const refundCase = cases.get(caseKey(network, 'refund', 'slow_answer'))!;
      await Promise.all([settled(payoutCase.merchant, payoutCase.id), settled(refundCase.merchant, refundCase.id)]);
      const payoutCounts = await sim.counts(payoutCase.id);
      expect(payoutCounts.requests[network === 'mtn' ? 'disbursement.transfer' : 'disbursements']).toBe(1);
      const refundCounts = await sim.counts(refundCase.id);
      // MTN has a refund enquiry; Airtel's only one is asking for the refund again (it refunds a payment once).
      if (network === 'mtn') expect(refundCounts.requests['disbursement.refund']).toBe(1);
      else expect(refundCounts.requests.refund).toBeGreaterThanOrEqual(1);
      expect([payoutCounts.movements, refundCounts.movements]).toEqual([1, 1]);
    });
  });

  it('MTN: refunds part of a payment, then refuses another refund of it (409 ALREADY_REFUNDED)', async () => {
    const c = await startRefund('mtn', 'approve', { amount: 1_000, reason: 'one item returned' });
    const done = await expectOutcome(c, succeeds);
    expect(done).toMatchObject({ amount: 1_000, fee: 50, reverses_payment_id: c.payment!.id });
    expect(await sim.record(c.id)).toMatchObject({ kind: 'refund', amount: 1_000 });
    expectErrorEnvelope(await refund(c.merchant, c.payment!.id, { amount: 500 }), 409, 'ALREADY_REFUNDED');
  });

  it('Airtel: refuses a partial refund at the API (400 REFUND_NOT_SUPPORTED) before anything is created, then refunds the whole', async () => {
    const merchant = await merchantWithFunds();
    const payment = await paidPayment(merchant, 'airtel');
    const before = await balance(merchant);
    const partial = await refund(merchant, payment.id, { amount: 1_000 });
    const body = expectErrorEnvelope(partial, 400, 'REFUND_NOT_SUPPORTED');
    expect(body.message).toContain(`${PAYMENT} RWF`);
    expect(body.details).toEqual({ payment_id: payment.id });
    expect(await countTransactions(system, 'reverses_payment_id = $1', [payment.id])).toBe(0);
    expect(await balance(merchant)).toEqual(before);

    const whole = await refund(merchant, payment.id);
    expect(whole.status).toBe(201);
    const done = await settled(merchant, transactionId(whole));
    expect(done).toMatchObject({ status: 'succeeded', amount: PAYMENT });
    expect(await sim.record(done.id)).toMatchObject({ kind: 'refund', status: 'SUCCESSFUL', amount: PAYMENT });
    expect((await sim.counts(done.id)).movements).toBe(1);
  });

  it('MTN: answers a refund of a payment whose refund is still pending 409 ALREADY_REFUNDED', async () => {
    const c = cases.get(caseKey('mtn', 'refund', 'stay_pending'))!;
    expect((await read(c.merchant, c.id)).status).toBe('pending');
    expectErrorEnvelope(await refund(c.merchant, c.payment!.id), 409, 'ALREADY_REFUNDED');
  });

  it('Airtel: a refund answered 500 stays pending; retried with the same Idempotency-Key, it is the same refund, made once', async () => {
    const c = cases.get(caseKey('airtel', 'refund', 'http_500'))!;
    const retry = () => refund(c.merchant, c.payment!.id, c.request.body, c.request.idempotencyKey);
    expect((await read(c.merchant, c.id)).status).toBe('pending');
    // Still unreadable: the same refund, still pending (a 502 is never stored, so the retry runs again).
    const stillBroken = await retry();
    expect(expectErrorEnvelope(stillBroken, 502, 'OPERATOR_ERROR').details).toMatchObject({ transaction_id: c.id });
    await sim.clearScenario(c.msisdn);
    const answered = await retry();
    expect(answered.status).toBe(201);
    expect(answered.body.data.id).toBe(c.id);
    const done = await settled(c.merchant, c.id);
    expect(done).toMatchObject({ status: 'succeeded', failure_code: null });
    expect(await countTransactions(system, 'reverses_payment_id = $1', [c.payment!.id])).toBe(1);
    expect((await sim.counts(c.id)).movements).toBe(1);
    expect(await sim.wallet('airtel', c.msisdn)).toBe(c.walletBefore + done.amount);
    // The refund settled its payment early: the payment's net came to available, then the refund left it.
    const released = c.payment!.amount - c.payment!.fee;
    expect(await balance(c.merchant)).toMatchObject({ available: c.balanceBefore.available + released - done.amount - done.fee, pending: 0, reserved: 0 });
    const delivery = await waitFor(() => deliveriesFor(c.id).find((r) => r.headers[EVENT_HEADER] === 'payout.succeeded'), { what: 'payout.succeeded webhook' });
    expect(JSON.parse(delivery.rawBody.toString('utf8')).data).toEqual(done);
  });

  it('moved money at most once per transaction, and agrees with the operator on every final status', async () => {
    const operator = await sim.summaries(all);
    const disagreements = [];
    for (const id of all) {
      const [row] = await system.db.dataSource.query(`SELECT status FROM transactions WHERE id = $1`, [id]);
      const theirs = operator[id];
      const agrees =
        row.status === 'pending' ||
        (row.status === 'succeeded' && theirs.status === 'SUCCESSFUL') ||
        (row.status === 'failed' && (theirs.status === 'FAILED' || theirs.status === null));
      if (theirs.movements > 1 || theirs.records > 1 || !agrees) disagreements.push({ id, status: row.status, theirs });
    }
    expect(disagreements).toEqual([]);
    expect(Object.values(operator).filter((o) => o.movements === 1).length).toBeGreaterThan(30);
  });
});
