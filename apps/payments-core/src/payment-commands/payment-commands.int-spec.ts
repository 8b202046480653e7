import { randomUUID } from 'node:crypto';
import { CommandReply, CreateCashInCommand, CreatePaymentCommand, CreatePayoutCommand, CreateRefundCommand, JobIds } from '@momo/contracts';
import { BalanceTransactionsRepository, MerchantsRepository, TransactionEntity } from '@momo/data';
import { computeFee, DEFAULT_FEE_SCHEDULE, FeeSchedule } from '@momo/domain';
import { JobRpc } from '@momo/platform';
import { BootedService, LocalStack, seedMerchant, SeededMerchant, seedSucceededPayment, ServiceHarness, waitFor } from '@momo/testing';
import { PaymentsCoreConfig } from '../payments-core.config';
import { paymentsCoreService } from '../service-definition';

/** Simulator test numbers (docs/simulator.md): 102 is never answered, so what we created stays pending. */
const NEVER_ANSWERED = '250780000102';
/** Any number that is not magic is approved at once. */
const APPROVED = '250788123456';
/** 133 answers after 15 s, past payments-core's wait for the operator's first answer. */
const SLOW_ANSWER = '250780000133';
/** 131: the network answers 503 with Retry-After. */
const UNAVAILABLE = '250780000131';
const NEGOTIATED: FeeSchedule = { collect: { percentBps: 350, fixed: 20, min: 0, max: null }, payout: { percentBps: 150, fixed: 0, min: 75, max: null } };

/**
 * payments-core's create paths, driven as the gateway drives them (commands on the payment-commands
 * queue, replies back), with payments-core in this process and operator-adapter and the operator
 * simulator as processes on the same database and Redis prefix: every transaction is stored before
 * the operator is asked or the caller answered, with its fee; a repeated command creates and sends
 * nothing more; what the balance or the payment does not allow is refused and leaves nothing.
 */
describe('payments-core: creating payments, payouts, refunds and withdrawals (Postgres + Redis, with the adapter and the simulator)', () => {
  let harness: ServiceHarness;
  let processes: LocalStack;
  let core: BootedService<PaymentsCoreConfig>;
  let balances: BalanceTransactionsRepository;

  const send = <N extends 'create-payment' | 'create-payout' | 'create-refund'>(name: N, command: N extends 'create-refund' ? CreateRefundCommand : CreatePaymentCommand) =>
    core.app.get(JobRpc).call(name, command as never, { jobId: `${name}-${command.transactionId}-${randomUUID()}`, timeoutMs: 15_000 }) as Promise<
      { status: 'completed'; value: CommandReply } | { status: 'failed'; reason: string } | { status: 'timeout' }
    >;
  const reply = async (...args: Parameters<typeof send>): Promise<CommandReply> => {
    const result = await send(...args);
    if (result.status !== 'completed') throw new Error(`no reply from payments-core: ${JSON.stringify(result)}`);
    return result.value;
  };
  const command = (m: SeededMerchant, overrides: Partial<CreatePayoutCommand> = {}): CreatePayoutCommand => ({
    transactionId: randomUUID(),
    merchantId: m.merchantId,
    appId: m.appId,
    mode: 'test',
    amount: 10_000,
    msisdn: NEVER_ANSWERED,
    network: 'mtn',
    description: 'int test',
    reference: `ref-${randomUUID().slice(0, 8)}`,
    metadata: {},
    initiatedBy: 'api',
    ...overrides,
  });
  const row = (id: string) => harness.db.dataSource.manager.findOneBy(TransactionEntity, { id });
  const rowsOf = async (m: SeededMerchant): Promise<number> => (await harness.db.dataSource.query(`SELECT count(*)::int AS n FROM transactions WHERE merchant_id = $1`, [m.merchantId]))[0].n;
  const journals = async (id: string): Promise<string[]> => (await harness.db.dataSource.query(`SELECT kind FROM ledger_journals WHERE transaction_id = $1 ORDER BY kind`, [id])).map((r: { kind: string }) => r.kind);
  /** How many requests the simulated operator received for our transaction. */
  const operatorRequests = async (id: string): Promise<number> => {
    const counts = (await (await fetch(`${processes.url('operator-simulator')}/control/counts/${id}`)).json()) as { requests: Record<string, number> };
    return Object.values(counts.requests).reduce((sum, n) => sum + n, 0);
  };
  const funded = async (available: number): Promise<SeededMerchant> => {
    const m = await seedMerchant(harness.db.dataSource);
    await seedSucceededPayment(harness.db.dataSource, m, { amount: available });
    return m;
  };
  const created = (r: CommandReply) => {
    if (r.outcome !== 'created') throw new Error(`expected a created transaction, got ${JSON.stringify(r)}`);
    return r.transaction;
  };
  const refusal = (r: CommandReply) => (r.outcome === 'rejected' ? r.error.code : `not refused: ${r.outcome}`);

  beforeAll(async () => {
    harness = await ServiceHarness.start('core-create');
    processes = await harness.startProcesses(['operator-simulator', 'operator-adapter']);
    core = await harness.boot(paymentsCoreService, { INITIATION_WAIT_MS: '1500', SETTLEMENT_TEST_EVERY_SECONDS: '3600' });
    balances = new BalanceTransactionsRepository(harness.db.dataSource);
  }, 120_000);
  afterAll(() => harness?.stop());

  describe('a payment (cash in)', () => {
    it('is stored pending with the merchant’s negotiated fee, sent to the operator once, and answered as stored', async () => {
      const m = await seedMerchant(harness.db.dataSource);
      await new MerchantsRepository(harness.db.dataSource).updateMerchant(m.merchantId, { feeSchedule: NEGOTIATED });
      const cmd = command(m, { amount: 10_000 });
      const payment = created(await reply('create-payment', cmd));
      const fee = computeFee(10_000, NEGOTIATED.collect);
      expect(fee).toBe(370);
      expect(payment).toMatchObject({ id: cmd.transactionId, status: 'pending', direction: 'collect', amount: 10_000, fee, reference: cmd.reference });
      expect(await row(cmd.transactionId)).toMatchObject({ status: 'pending', fee, initiationState: 'accepted' });
      expect(await operatorRequests(cmd.transactionId)).toBe(1);
    });

    it('replays a repeated command: the first transaction, nothing sent again, a changed amount ignored', async () => {
      const m = await seedMerchant(harness.db.dataSource);
      const cmd = command(m, { amount: 2_000 });
      const first = created(await reply('create-payment', cmd));
      const again = created(await reply('create-payment', { ...cmd, amount: 9_999 }));
      expect(again).toMatchObject({ id: first.id, amount: 2_000, fee: computeFee(2_000, DEFAULT_FEE_SCHEDULE.collect) });
      expect(await rowsOf(m)).toBe(1);
      expect(await operatorRequests(cmd.transactionId)).toBe(1);
    });

    it('is stored before the operator answers: no answer in time leaves it pending, initiation unknown, for the reconciler', async () => {
      const m = await seedMerchant(harness.db.dataSource);
      const cmd = command(m, { msisdn: SLOW_ANSWER });
      const payment = created(await reply('create-payment', cmd));
      expect(payment).toMatchObject({ id: cmd.transactionId, status: 'pending' });
      expect(await row(cmd.transactionId)).toMatchObject({ status: 'pending', initiationState: 'unknown' });
    });
    it('refuses a command that breaks the contract (amount below 100, a wallet outside Rwanda) before storing anything', async () => {
      const m = await seedMerchant(harness.db.dataSource);
      const bad = [command(m, { amount: 99 }), command(m, { msisdn: '254712345678' })];
      for (const cmd of bad) expect(await send('create-payment', cmd)).toMatchObject({ status: 'failed' });
      expect(await rowsOf(m)).toBe(0);
    });
  });

  describe('a cash in with an Idempotency-Key (claimed by payments-core)', () => {
    const appKeyOf = async (m: SeededMerchant): Promise<string> =>
      (await harness.db.dataSource.query(`SELECT id FROM api_keys WHERE merchant_id = $1 AND kind = 'app'`, [m.merchantId]))[0].id;
    const merchantWithKey = async (): Promise<SeededMerchant & { appKeyId: string }> => {
      const m = await seedMerchant(harness.db.dataSource);
      return Object.assign(m, { appKeyId: await appKeyOf(m) });
    };
    const keyed = (m: SeededMerchant & { appKeyId: string }, key: string, overrides: Partial<CreateCashInCommand> = {}): CreateCashInCommand => ({
      ...command(m, { msisdn: APPROVED }),
      idempotencyScopeId: m.appKeyId,
      idempotencyKey: key,
      requestHash: 'a'.repeat(64),
      idempotencyLeaseMs: 60_000,
      idempotencyRetentionHours: 24,
      idempotencyTakeOverBefore: Date.now() + 60_000,
      ...overrides,
    });
    const keyRow = async (key: string) =>
      (await harness.db.dataSource.query(`SELECT state, transaction_id, attempts, response_status, response_body FROM idempotency_keys WHERE key = $1`, [key]))[0];
    const claimAs = async (m: SeededMerchant & { appKeyId: string }, key: string, transactionId: string, lockedUntil: string) =>
      harness.db.dataSource.query(
        `INSERT INTO idempotency_keys (api_key_id, key, request_hash, state, transaction_id, locked_until, expires_at, attempts)
         VALUES ($1, $2, $3, 'in_progress', $4, ${lockedUntil}, now() + interval '1 day', 1)`,
        [m.appKeyId, key, 'a'.repeat(64), transactionId],
      );

    it("creates the transaction under the key and stores the merchant's 201 itself, the bytes the gateway sends", async () => {
      const m = await merchantWithKey();
      const key = randomUUID();
      const cmd = keyed(m, key);
      const first = await reply('create-payment', cmd);
      expect(first).toMatchObject({ outcome: 'created', answerStored: true, transaction: { id: cmd.transactionId, status: 'pending' } });
      const stored = await keyRow(key);
      expect(stored).toMatchObject({ state: 'completed', transaction_id: cmd.transactionId, response_status: 201 });
      expect(stored.response_body).toBe(JSON.stringify({ success: true, data: created(first) }));
      expect(await operatorRequests(cmd.transactionId)).toBe(1);
    });

    it('answers a repeat with the stored answer and another body with a refusal, creating and sending nothing', async () => {
      const m = await merchantWithKey();
      const key = randomUUID();
      const first = keyed(m, key);
      await reply('create-payment', first);
      const stored = (await keyRow(key)).response_body;
      expect(await reply('create-payment', keyed(m, key))).toEqual({
        outcome: 'idempotent',
        claim: { kind: 'replay', response: { status: 201, body: stored, sealed: false } },
      });
      expect(await reply('create-payment', keyed(m, key, { requestHash: 'b'.repeat(64), amount: 5_555 }))).toEqual({ outcome: 'idempotent', claim: { kind: 'mismatch' } });
      expect(await rowsOf(m)).toBe(1);
      expect(await operatorRequests(first.transactionId)).toBe(1);
    });

    it("refuses a key another request holds; a request finds its own claim (its command run again) and goes on with it", async () => {
      const m = await merchantWithKey();
      const busyKey = randomUUID();
      await claimAs(m, busyKey, randomUUID(), `now() + interval '1 minute'`);
      expect(await reply('create-payment', keyed(m, busyKey))).toEqual({ outcome: 'idempotent', claim: { kind: 'in_progress' } });

      const ownKey = randomUUID();
      const again = keyed(m, ownKey, { idempotencyTakeOverBefore: Date.now() - 1_000 });
      await claimAs(m, ownKey, again.transactionId, `now() + interval '1 minute'`);
      expect(await reply('create-payment', again)).toMatchObject({ outcome: 'created', answerStored: true, transaction: { id: again.transactionId } });
      expect(await keyRow(ownKey)).toMatchObject({ state: 'completed', attempts: 1 });
      expect(await rowsOf(m)).toBe(1);
    });

    it('lets a retry take over an abandoned claim with the first transaction id, creating it if it never was', async () => {
      const m = await merchantWithKey();
      const key = randomUUID();
      const abandoned = randomUUID();
      await claimAs(m, key, abandoned, `now() - interval '1 second'`);
      const retry = keyed(m, key);
      expect(await reply('create-payment', retry)).toMatchObject({ outcome: 'created', answerStored: true, transaction: { id: abandoned } });
      expect(await keyRow(key)).toMatchObject({ state: 'completed', transaction_id: abandoned, attempts: 2 });
      expect(await row(retry.transactionId)).toBeNull();
      expect(await operatorRequests(abandoned)).toBe(1);
    });

    it('creates nothing from a command run after its request stopped waiting, under a key released for a new attempt', async () => {
      const m = await merchantWithKey();
      const key = randomUUID();
      // The first attempt failed for good and the key was released for a new one (the gateway after 503 OPERATOR_UNAVAILABLE).
      const nextAttempt = randomUUID();
      await claimAs(m, key, nextAttempt, `now() - interval '1 second'`);
      const stale = keyed(m, key, { idempotencyTakeOverBefore: Date.now() - 1_000 });
      expect(await reply('create-payment', stale)).toEqual({ outcome: 'idempotent', claim: { kind: 'in_progress' } });
      const { idempotencyTakeOverBefore: _absent, ...fromOlderGateway } = keyed(m, key);
      expect(await reply('create-payment', fromOlderGateway)).toEqual({ outcome: 'idempotent', claim: { kind: 'in_progress' } });
      expect(await rowsOf(m)).toBe(0);
      expect(await keyRow(key)).toMatchObject({ state: 'in_progress', transaction_id: nextAttempt, attempts: 1 });

      const retry = keyed(m, key);
      expect(await reply('create-payment', retry)).toMatchObject({ outcome: 'created', transaction: { id: nextAttempt } });
      expect(await rowsOf(m)).toBe(1);
    });

    it('leaves an answer the merchant retries to the gateway: an outage of the network is not stored', async () => {
      const m = await merchantWithKey();
      const key = randomUUID();
      const refused = await reply('create-payment', keyed(m, key, { msisdn: UNAVAILABLE }));
      expect(refused).toMatchObject({ outcome: 'rejected', error: { code: 'OPERATOR_UNAVAILABLE' } });
      expect(refused).not.toHaveProperty('answerStored');
      expect(await keyRow(key)).toMatchObject({ state: 'in_progress', response_body: null });
    });

    it('refuses a command carrying only some of the key fields, storing nothing', async () => {
      const m = await merchantWithKey();
      const { idempotencyLeaseMs: _dropped, ...partial } = keyed(m, randomUUID());
      expect(await send('create-payment', partial)).toMatchObject({ status: 'failed' });
      expect(await rowsOf(m)).toBe(0);
    });
  });

  describe('a payout', () => {
    it('reserves amount + fee in the transaction that stores it, once however often the command comes', async () => {
      const m = await funded(50_000);
      const cmd = command(m, { amount: 10_000 });
      const fee = computeFee(10_000, DEFAULT_FEE_SCHEDULE.payout);
      const [first, racing] = await Promise.all([reply('create-payout', cmd), reply('create-payout', cmd)]);
      expect(created(first)).toMatchObject({ id: cmd.transactionId, status: 'pending', direction: 'payout', amount: 10_000, fee });
      expect(created(racing)).toMatchObject({ id: cmd.transactionId });
      expect(await balances.merchantBalance(m.merchantId, 'test')).toEqual({ available: 50_000 - 10_000 - fee, pending: 0, reserved: 10_000 + fee });
      // Retries, some racing each other (a gateway that timed out and a merchant retrying at once).
      const retries = await Promise.all([reply('create-payout', cmd), reply('create-payout', cmd), reply('create-payout', cmd)]);
      for (const r of retries) expect(created(r)).toMatchObject({ id: cmd.transactionId });
      expect(await balances.merchantBalance(m.merchantId, 'test')).toEqual({ available: 50_000 - 10_000 - fee, pending: 0, reserved: 10_000 + fee });
      expect(await journals(cmd.transactionId)).toEqual(['payout_reserved']);
      expect(await operatorRequests(cmd.transactionId)).toBe(1);
    });

    it('is refused with INSUFFICIENT_BALANCE when available does not cover amount + fee, and leaves nothing', async () => {
      const m = await funded(10_000);
      const cmd = command(m, { amount: 10_000 });
      expect(refusal(await reply('create-payout', cmd))).toBe('INSUFFICIENT_BALANCE');
      expect(await row(cmd.transactionId)).toBeNull();
      expect(await balances.merchantBalance(m.merchantId, 'test')).toEqual({ available: 10_000, pending: 0, reserved: 0 });
      expect(await operatorRequests(cmd.transactionId)).toBe(0);
    });

    it('marks a withdrawal as one and holds it like any payout', async () => {
      const m = await funded(20_000);
      const cmd = command(m, { amount: 5_000, withdrawal: true });
      const fee = computeFee(5_000, DEFAULT_FEE_SCHEDULE.payout);
      created(await reply('create-payout', cmd));
      expect(await row(cmd.transactionId)).toMatchObject({ withdrawal: true, direction: 'payout', fee, status: 'pending' });
      expect(await balances.merchantBalance(m.merchantId, 'test')).toEqual({ available: 20_000 - 5_000 - fee, pending: 0, reserved: 5_000 + fee });
    });
  });

  describe('a refund', () => {
    const refund = (m: SeededMerchant, paymentId: string, overrides: Partial<CreateRefundCommand> = {}): CreateRefundCommand => ({
      transactionId: randomUUID(),
      paymentId,
      merchantId: m.merchantId,
      appId: m.appId,
      mode: 'test',
      reason: 'int test',
      initiatedBy: 'api',
      ...overrides,
    });

    it('pays the whole payment back to the payer as a payout reversing it, with the payout fee reserved', async () => {
      const m = await funded(30_000);
      // A payment the operator knows (its refund API refers to it), approved at once.
      const paid = command(m, { amount: 4_000, msisdn: APPROVED });
      created(await reply('create-payment', paid));
      await waitFor(async () => ((await row(paid.transactionId))?.status === 'succeeded' ? true : undefined), { what: 'the payment to succeed' });
      const net = 4_000 - computeFee(4_000, DEFAULT_FEE_SCHEDULE.collect);
      expect(await balances.merchantBalance(m.merchantId, 'test')).toEqual({ available: 30_000, pending: net, reserved: 0 });

      const cmd = refund(m, paid.transactionId);
      const fee = computeFee(4_000, DEFAULT_FEE_SCHEDULE.payout);
      expect(created(await reply('create-refund', cmd))).toMatchObject({
        id: cmd.transactionId,
        direction: 'payout',
        amount: 4_000,
        fee,
        msisdn: APPROVED,
        reverses_payment_id: paid.transactionId,
      });
      // The payment is settled early and amount + fee leave the available balance (held, or paid out once the operator is done).
      expect(await balances.merchantBalance(m.merchantId, 'test')).toMatchObject({ available: 30_000 + net - 4_000 - fee, pending: 0 });
      expect(await journals(cmd.transactionId)).toContain('payout_reserved');
      // The same command again is the same refund, not sent again; another refund is refused.
      expect(created(await reply('create-refund', cmd))).toMatchObject({ id: cmd.transactionId });
      expect(await operatorRequests(cmd.transactionId)).toBe(1);
      expect(refusal(await reply('create-refund', refund(m, paid.transactionId)))).toBe('ALREADY_REFUNDED');
      expect(await rowsOf(m)).toBe(3);
    });

    it('refuses more than the payment, another app’s payment, and a refund the balance does not cover, leaving nothing', async () => {
      // Nothing available: the refund would settle the payment early (4,000 available) but needs 4,000 + fee.
      const m = await seedMerchant(harness.db.dataSource);
      const payment = await seedSucceededPayment(harness.db.dataSource, m, { amount: 4_000, settled: false });
      const stranger = await seedMerchant(harness.db.dataSource);
      const tooMuch = refund(m, payment.id, { amount: 4_001 });
      const notTheirs = refund(stranger, payment.id);
      const uncovered = refund(m, payment.id, { amount: 4_000 });
      expect(refusal(await reply('create-refund', tooMuch))).toBe('REFUND_EXCEEDS_PAYMENT');
      expect(refusal(await reply('create-refund', notTheirs))).toBe('NOT_FOUND');
      expect(refusal(await reply('create-refund', uncovered))).toBe('INSUFFICIENT_BALANCE');
      for (const c of [tooMuch, notTheirs, uncovered]) expect(await row(c.transactionId)).toBeNull();
      // The early settlement a refund makes is rolled back with it: the payment is still unsettled.
      expect(await balances.merchantBalance(m.merchantId, 'test')).toEqual({ available: 0, pending: 4_000, reserved: 0 });
    });
  });
});
