import { randomUUID } from 'node:crypto';
import type { ErrorEnvelope, TransactionView } from '@momo/contracts';
import { MerchantsRepository } from '@momo/data';
import { generateApiKey, hashApiKey, keyHint } from '@momo/domain';
import {
  ApiResponse,
  BootedService,
  expectErrorEnvelope,
  seedMerchant,
  SeededMerchant,
  seedSucceededPayment,
  ServiceHarness,
  TEST_API_KEY_PEPPER,
  waitFor,
} from '@momo/testing';
import { ApiGatewayConfig } from '../api-gateway.config';
import { apiGatewayService } from '../service-definition';

type Answer = ApiResponse<{ success: true; data: TransactionView } & Partial<ErrorEnvelope>>;

const MTN = '0788123456';

/**
 * Idempotency-Key as the contract says (contract: Idempotency), with the gateway in this process
 * and payments-core, operator-adapter and the operator simulator as processes on the same database
 * and Redis prefix: a repeat replays the stored answer, another body is refused, racing requests
 * make one transaction, and keys belong to one API key (so to one app and one mode).
 */
describe('api-gateway: Idempotency-Key (Postgres + Redis, with payments-core and the simulator)', () => {
  let harness: ServiceHarness;
  let gateway: BootedService<ApiGatewayConfig>;
  let merchant: SeededMerchant;

  const post = (path: string, key: string, body: object, idempotencyKey?: string) =>
    gateway.api('POST', path, { key, body, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} }) as Promise<Answer>;
  const transactionsWith = async (reference: string): Promise<string[]> =>
    (await harness.db.dataSource.query(`SELECT id FROM transactions WHERE reference = $1`, [reference])).map((r: { id: string }) => r.id);
  const storedKeys = async (key: string): Promise<number> => (await harness.db.dataSource.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1`, [key]))[0].n;

  beforeAll(async () => {
    harness = await ServiceHarness.start('gw-idem');
    await harness.startProcesses(['operator-simulator', 'payments-core', 'operator-adapter']);
    gateway = await harness.boot(apiGatewayService);
    merchant = await seedMerchant(harness.db.dataSource, { verified: true });
  }, 120_000);
  afterAll(() => harness?.stop());

  it('replays the stored answer to a repeat with the same body, byte for byte, although the transaction has moved on', async () => {
    const key = randomUUID();
    const body = { amount: 1_500, msisdn: MTN, reference: `replay-${key}` };
    const first = await post('/v1/payments', merchant.appKey, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.body.data).toMatchObject({ status: 'pending', amount: 1_500 });
    // The simulated customer approves: the transaction succeeds, the stored answer stays the first one.
    await waitFor(async () => ((await gateway.api<Answer['body']>('GET', `/v1/payments/${first.body.data.id}`, { key: merchant.appKey })).body.data.status === 'succeeded' ? true : undefined), {
      what: 'the payment to succeed',
    });

    const again = await post('/v1/payments', merchant.appKey, { reference: body.reference, msisdn: MTN, amount: 1_500 }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
    expect(await transactionsWith(body.reference)).toEqual([first.body.data.id]);
  });

  it('replays a refusal too: a refused payout stays refused under its key after the balance is there', async () => {
    const poor = await seedMerchant(harness.db.dataSource);
    const key = randomUUID();
    const refused = await post('/v1/payouts', poor.appKey, { amount: 5_000, msisdn: MTN }, key);
    expectErrorEnvelope(refused, 409, 'INSUFFICIENT_BALANCE');
    await seedSucceededPayment(harness.db.dataSource, poor, { amount: 50_000 });
    const again = await post('/v1/payouts', poor.appKey, { amount: 5_000, msisdn: MTN }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(refused.body));
  });

  it('refuses the same key with another body, or on another operation, with 400 IDEMPOTENCY_KEY_REUSED and creates nothing', async () => {
    const key = randomUUID();
    const reference = `reused-${key}`;
    expect((await post('/v1/payments', merchant.appKey, { amount: 500, msisdn: MTN, reference }, key)).status).toBe(201);
    const otherBody = await post('/v1/payments', merchant.appKey, { amount: 501, msisdn: MTN, reference }, key);
    expectErrorEnvelope(otherBody, 400, 'IDEMPOTENCY_KEY_REUSED');
    expect(otherBody.headers.get('idempotent-replayed')).toBeNull();
    expectErrorEnvelope(await post('/v1/payouts', merchant.appKey, { amount: 500, msisdn: MTN, reference }, key), 400, 'IDEMPOTENCY_KEY_REUSED');
    expect(await transactionsWith(reference)).toHaveLength(1);
  });

  it('turns racing requests with one key into one transaction; the others are told the key is in use or get the replay', async () => {
    const key = randomUUID();
    const body = { amount: 2_345, msisdn: MTN, reference: `race-${key}` };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/v1/payments', merchant.appKey, body, key)));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.body.data.id)).size).toBe(1);
    for (const busy of answers.filter((a) => a.status !== 201)) expectErrorEnvelope(busy, 409, 'IDEMPOTENCY_KEY_IN_USE');
    expect(await transactionsWith(body.reference)).toEqual([created[0].body.data.id]);
    expect(await storedKeys(key)).toBe(1);
  });

  it('keeps keys per API key: the same key under another app, or the same app’s live key, is a new request', async () => {
    const key = randomUUID();
    const reference = `scoped-${key}`;
    const first = await post('/v1/payments', merchant.appKey, { amount: 700, msisdn: MTN, reference }, key);
    expect(first.status).toBe(201);

    // Another merchant's app, same key, another body: its own request, its own transaction.
    const other = await seedMerchant(harness.db.dataSource);
    const elsewhere = await post('/v1/payments', other.appKey, { amount: 800, msisdn: MTN, reference }, key);
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
    expect(elsewhere.body.data.id).not.toBe(first.body.data.id);

    // The same app in live mode (no live balance): judged afresh, not as a reuse of the test key's record.
    const liveKey = generateApiKey('app', 'live');
    await new MerchantsRepository(harness.db.dataSource).insertKey({
      id: randomUUID(), merchantId: merchant.merchantId, appId: merchant.appId, kind: 'app', mode: 'live', keyHash: hashApiKey(liveKey, TEST_API_KEY_PEPPER), keyHint: keyHint(liveKey),
    });
    expectErrorEnvelope(await post('/v1/payouts', liveKey, { amount: 900, msisdn: MTN, reference }, key), 409, 'INSUFFICIENT_BALANCE');

    expect((await transactionsWith(reference)).sort()).toEqual([first.body.data.id, elsewhere.body.data.id].sort());
    expect(await storedKeys(key)).toBe(3);
  });
});
