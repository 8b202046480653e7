import { randomUUID } from 'node:crypto';
import type { ErrorEnvelope } from '@momo/contracts';
import { MerchantsRepository } from '@momo/data';
import { generateApiKey, hashApiKey, keyHint, Mode } from '@momo/domain';
import {
  ApiResponse,
  BootedService,
  expectErrorEnvelope,
  insertTransaction,
  newTransaction,
  runAdminCli,
  seedMerchant,
  SeededMerchant,
  ServiceHarness,
  TEST_API_KEY_PEPPER,
} from '@momo/testing';
import { ApiGatewayConfig } from '../api-gateway.config';
import { apiGatewayService } from '../service-definition';

/**
 * Who may call the gateway (contract: Keys and authentication; spec: Authentication), with the
 * gateway in this process on its own database and Redis prefix: the five 401 cases answer byte
 * for byte alike in the error envelope, a revoked key is refused at once, and a test key and a
 * live key of one app live in separate worlds.
 */
describe('api-gateway: API keys (Postgres + Redis)', () => {
  let harness: ServiceHarness;
  let gateway: BootedService<ApiGatewayConfig>;
  let merchant: SeededMerchant;
  /** The same app's live key (the business is verified). */
  let liveAppKey: string;

  /** A key whose record is `mode` while its string says `keyMode` (they match unless a test says otherwise). */
  const addAppKey = async (owner: SeededMerchant, mode: Mode, keyMode: Mode = mode): Promise<string> => {
    const key = generateApiKey('app', keyMode);
    await new MerchantsRepository(harness.db.dataSource).insertKey({
      id: randomUUID(),
      merchantId: owner.merchantId,
      appId: owner.appId,
      kind: 'app',
      mode,
      keyHash: hashApiKey(key, TEST_API_KEY_PEPPER),
      keyHint: keyHint(key),
    });
    return key;
  };
  const cli = (...args: string[]) => runAdminCli([...args, '--json'], { databaseUrl: harness.db.url, queuePrefix: harness.queuePrefix });
  const get = <T = Record<string, unknown>>(path: string, key: string, headers: Record<string, string> = {}) => gateway.api<T>('GET', path, { key, headers });
  /** The body of an error answer with its timestamp blanked: what must be identical across cases. */
  const sameness = (res: ApiResponse<unknown>) => JSON.stringify({ ...(res.body as ErrorEnvelope), timestamp: 'T' });

  beforeAll(async () => {
    harness = await ServiceHarness.start('gw-auth');
    gateway = await harness.boot(apiGatewayService);
    merchant = await seedMerchant(harness.db.dataSource, { verified: true });
    liveAppKey = await addAppKey(merchant, 'live');
  }, 60_000);
  afterAll(() => harness?.stop());

  it('answers missing, malformed, unknown, revoked and mode-mismatched keys with one identical 401 in the error envelope', async () => {
    const issued = JSON.parse((await cli('key', 'issue', '--merchant', merchant.merchantId, '--kind', 'app', '--app', merchant.appId)).stdout);
    expect((await get('/v1/payments', issued.key)).status).toBe(200);
    expect((await cli('key', 'revoke', issued.key_id)).status).toBe(0);
    const mismatched = await addAppKey(merchant, 'test', 'live');

    const answers = await Promise.all([
      gateway.api('GET', '/v1/payments'),
      gateway.api('GET', '/v1/payments', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
      get('/v1/payments', 'sk_test_short'),
      get('/v1/payments', `${merchant.appKey} extra`),
      get('/v1/payments', generateApiKey('app', 'test')),
      get('/v1/payments', issued.key),
      get('/v1/payments', mismatched),
      gateway.api('POST', '/v1/payments', { key: issued.key, body: { amount: 1_000, msisdn: '0788123456' } }),
    ]);
    for (const res of answers) {
      const body = expectErrorEnvelope(res, 401, 'UNAUTHENTICATED');
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'status', 'timestamp']);
      expect(res.headers.get('ratelimit-limit')).toBeNull();
    }
    expect(new Set(answers.map(sameness)).size).toBe(1);
    // The revocation left no way in, and the revoked key created nothing.
    expect(await harness.db.dataSource.query(`SELECT id FROM transactions WHERE merchant_id = $1`, [merchant.merchantId])).toEqual([]);
  });

  it('keeps test and live apart: each key sees only its own mode’s transactions and balance', async () => {
    const inTest = await insertTransaction(harness.db.dataSource, newTransaction(merchant, { mode: 'test', reference: 'in-test' }));
    const inLive = await insertTransaction(harness.db.dataSource, newTransaction(merchant, { mode: 'live', reference: 'in-live' }));
    type List = { data: { id: string; mode: string }[] };

    const testList = await get<List>('/v1/payments', merchant.appKey);
    const liveList = await get<List>('/v1/payments', liveAppKey);
    expect(testList.body.data.map((t) => t.id)).toEqual([inTest.id]);
    expect(liveList.body.data.map((t) => t.id)).toEqual([inLive.id]);
    expect((await get('/v1/payments/' + inLive.id, liveAppKey)).body).toMatchObject({ success: true, data: { id: inLive.id, mode: 'live' } });

    // The other mode's transaction is answered exactly as one that does not exist.
    const otherMode = await get('/v1/payments/' + inLive.id, merchant.appKey);
    const nowhere = await get('/v1/payments/' + randomUUID(), merchant.appKey);
    expectErrorEnvelope(otherMode, 404, 'NOT_FOUND');
    expect(sameness(otherMode)).toBe(sameness(nowhere));
    expectErrorEnvelope(await get('/v1/payments/' + inTest.id, liveAppKey), 404, 'NOT_FOUND');

    expect((await get('/v1/balance', merchant.appKey)).body).toMatchObject({ data: { mode: 'test' } });
    expect((await get('/v1/balance', liveAppKey)).body).toMatchObject({ data: { mode: 'live' } });
  });

  it('refuses a live key of an unverified business and an account key on money endpoints with 403', async () => {
    const unverified = await seedMerchant(harness.db.dataSource, { mode: 'live', verified: false });
    expectErrorEnvelope(await get('/v1/payments', unverified.appKey), 403, 'BUSINESS_NOT_VERIFIED');
    expectErrorEnvelope(await get('/v1/payments', merchant.accountKey), 403, 'ACCOUNT_KEY_NOT_ALLOWED');
    expectErrorEnvelope(await gateway.api('POST', '/v1/payouts', { key: merchant.accountKey, body: { amount: 1_000, msisdn: '0788123456' } }), 403, 'ACCOUNT_KEY_NOT_ALLOWED');
    // Both keys are valid: the account key reads what account keys may read.
    expect((await get('/v1/balance', merchant.accountKey)).status).toBe(200);
  });
});
