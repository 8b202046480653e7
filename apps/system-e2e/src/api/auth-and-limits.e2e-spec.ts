import { randomUUID } from 'node:crypto';
import { MerchantsRepository } from '@momo/data';
import { generateApiKey, hashApiKey, keyHint } from '@momo/domain';
import { runAdminCli, seedMerchant, SeededMerchant, startTestSystem, TEST_API_KEY_PEPPER, TestSystem } from '@momo/testing';
import { AIRTEL, countTransactions, expectErrorEnvelope, MTN, TransactionResponse } from './api-helpers';

/**
 * The spec's authentication table and limits table, over HTTP against the running system, with
 * the platform operator's CLI doing what operators do (revoke, verify, suspend, set budgets).
 */
describe('merchant API: authentication and limits', () => {
  let system: TestSystem;
  const cli = (...args: string[]) => runAdminCli([...args, '--json'], { databaseUrl: system.db.url, queuePrefix: system.queuePrefix });

  beforeAll(async () => {
    system = await startTestSystem('api-auth');
  });
  afterAll(() => system?.stop());

  describe('401: the five cases answer identically', () => {
    it('missing, malformed, unknown, revoked and mode-mismatched keys get the same status and body', async () => {
      const issued = JSON.parse((await cli('key', 'issue', '--merchant', system.merchant.merchantId, '--kind', 'app', '--app', system.merchant.appId)).stdout);
      expect((await system.api('GET', '/v1/balance', { key: issued.key })).status).toBe(200);
      expect((await cli('key', 'revoke', issued.key_id)).status).toBe(0);

      // A key whose string says live but whose record says test.
      const mismatched = generateApiKey('app', 'live');
      await new MerchantsRepository(system.db.dataSource).insertKey({
        id: randomUUID(), merchantId: system.merchant.merchantId, appId: system.merchant.appId, kind: 'app', mode: 'test',
        keyHash: hashApiKey(mismatched, TEST_API_KEY_PEPPER), keyHint: keyHint(mismatched),
      });

      const attempts = [
        system.api('GET', '/v1/payments', { key: '' }),
        system.api('GET', '/v1/payments', { key: '', headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
        system.api('GET', '/v1/payments', { key: 'sk_test_short' }),
        system.api('GET', '/v1/payments', { key: `${system.merchant.appKey} extra` }),
        system.api('GET', '/v1/payments', { key: generateApiKey('app', 'test') }),
        system.api('GET', '/v1/payments', { key: issued.key }),
        system.api('GET', '/v1/payments', { key: mismatched }),
        system.api('POST', '/v1/payments', { key: issued.key, body: { amount: 1000, msisdn: MTN } }),
      ];
      const answers = await Promise.all(attempts);
      const normalised = answers.map((res) => {
        expectErrorEnvelope(res, 401, 'UNAUTHENTICATED');
        expect(res.headers.get('ratelimit-limit')).toBeNull();
        return JSON.stringify({ ...(res.body as object), timestamp: 'T' });
      });
      expect(new Set(normalised).size).toBe(1);
    });

    it('takes a revocation into account at once, although gateways cache keys', async () => {
      const issued = JSON.parse((await cli('key', 'issue', '--merchant', system.merchant.merchantId, '--kind', 'account')).stdout);
      expect((await system.api('GET', '/v1/apps', { key: issued.key })).status).toBe(200);
      expect((await cli('key', 'revoke', issued.key_id)).status).toBe(0);
      expectErrorEnvelope(await system.api('GET', '/v1/apps', { key: issued.key }), 401, 'UNAUTHENTICATED');
    });

    it('keeps a rotated key working through its grace period only', async () => {
      const issued = JSON.parse((await cli('key', 'issue', '--merchant', system.merchant.merchantId, '--kind', 'account')).stdout);
      const rotated = JSON.parse((await cli('key', 'rotate', issued.key_id, '--grace', '2')).stdout);
      expect((await system.api('GET', '/v1/balance', { key: rotated.key })).status).toBe(200);
      expect((await system.api('GET', '/v1/balance', { key: issued.key })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expectErrorEnvelope(await system.api('GET', '/v1/balance', { key: issued.key }), 401, 'UNAUTHENTICATED');
      expect((await system.api('GET', '/v1/balance', { key: rotated.key })).status).toBe(200);
    });
  });

  describe('403: valid key, forbidden action', () => {
    it('refuses account keys on money endpoints and app keys on account endpoints', async () => {
      const account = system.merchant.accountKey;
      const someId = randomUUID();
      for (const [method, path, body] of [
        ['POST', '/v1/payments', { amount: 1000, msisdn: MTN }],
        ['POST', '/v1/payouts', { amount: 1000, msisdn: MTN }],
        ['POST', `/v1/payments/${someId}/refund`, {}],
        ['GET', '/v1/payments', undefined],
        ['GET', `/v1/payments/${someId}`, undefined],
      ] as const) {
        expectErrorEnvelope(await system.api(method, path, { key: account, body }), 403, 'ACCOUNT_KEY_NOT_ALLOWED');
      }
      expect(await countTransactions(system, 'merchant_id = $1', [system.merchant.merchantId])).toBe(0);
      expectErrorEnvelope(await system.api('GET', '/v1/apps'), 403, 'APP_KEY_NOT_ALLOWED');
      expectErrorEnvelope(await system.api('POST', '/v1/apps', { body: { name: 'x' } }), 403, 'APP_KEY_NOT_ALLOWED');
    });

    it('refuses live keys of an unverified business until it is verified', async () => {
      const live = await seedMerchant(system.db.dataSource, { mode: 'live', verified: false });
      expectErrorEnvelope(await system.api('GET', '/v1/balance', { key: live.accountKey }), 403, 'BUSINESS_NOT_VERIFIED');
      expectErrorEnvelope(await system.api('POST', '/v1/payments', { key: live.appKey, body: { amount: 1000, msisdn: MTN } }), 403, 'BUSINESS_NOT_VERIFIED');
      expect((await cli('merchant', 'verify', live.merchantId)).status).toBe(0);
      expect((await system.api('GET', '/v1/balance', { key: live.accountKey })).body).toMatchObject({ data: { mode: 'live' } });
      expect((await cli('merchant', 'unverify', live.merchantId)).status).toBe(0);
      expectErrorEnvelope(await system.api('GET', '/v1/balance', { key: live.accountKey }), 403, 'BUSINESS_NOT_VERIFIED');
    });

    it('refuses the keys of a disabled app until it is enabled again', async () => {
      // Disabling affects live traffic: only a live account key may do it (see webhooks/test-and-live-apart).
      const merchant = await seedMerchant(system.db.dataSource, { mode: 'live', verified: true });
      expect((await system.api('GET', '/v1/payments', { key: merchant.appKey })).status).toBe(200);
      const disabled = await system.api('PATCH', `/v1/apps/${merchant.appId}`, { key: merchant.accountKey, body: { status: 'disabled' } });
      expect(disabled.body).toMatchObject({ data: { status: 'disabled' } });
      expectErrorEnvelope(await system.api('GET', '/v1/payments', { key: merchant.appKey }), 403, 'APP_DISABLED');
      expectErrorEnvelope(await system.api('POST', '/v1/payments', { key: merchant.appKey, body: { amount: 1000, msisdn: MTN } }), 403, 'APP_DISABLED');
      await system.api('PATCH', `/v1/apps/${merchant.appId}`, { key: merchant.accountKey, body: { status: 'active' } });
      expect((await system.api('GET', '/v1/payments', { key: merchant.appKey })).status).toBe(200);
    });

    it('refuses every key of a suspended account until it is active again', async () => {
      const merchant = await seedMerchant(system.db.dataSource);
      expect((await system.api('GET', '/v1/balance', { key: merchant.appKey })).status).toBe(200);
      expect((await cli('merchant', 'suspend', merchant.merchantId)).status).toBe(0);
      expectErrorEnvelope(await system.api('GET', '/v1/balance', { key: merchant.appKey }), 403, 'ACCOUNT_SUSPENDED');
      expectErrorEnvelope(await system.api('GET', '/v1/apps', { key: merchant.accountKey }), 403, 'ACCOUNT_SUSPENDED');
      expect((await cli('merchant', 'activate', merchant.merchantId)).status).toBe(0);
      expect((await system.api('GET', '/v1/balance', { key: merchant.appKey })).status).toBe(200);
    });
  });

  describe('rate limits', () => {
    /** Budgets are per minute: start a sequence with enough of the minute left to finish it. */
    async function freshWindow(key: string): Promise<void> {
      const res = await system.api('GET', '/v1/balance', { key });
      const reset = Number(res.headers.get('ratelimit-reset'));
      if (reset < 15) await new Promise((resolve) => setTimeout(resolve, reset * 1000 + 200));
    }

    it('carries the budget headers on every authenticated answer, success or error', async () => {
      const answers = [
        await system.api('GET', '/v1/payments'),
        await system.api('GET', `/v1/payments/${randomUUID()}`),
        await system.api('POST', '/v1/payments', { body: { amount: 5 } }),
        await system.api('GET', '/v1/apps'),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 404, 400, 403]);
      for (const res of answers) {
        expect(res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
        expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
        expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
      }
      expect(answers[0].headers.get('ratelimit-limit')).toBe('600');
      expect(answers[2].headers.get('ratelimit-limit')).toBe('120');
    });

    it('counts writes per key against the account override, refuses with 429 and leaves no trace', async () => {
      const merchant: SeededMerchant = await seedMerchant(system.db.dataSource);
      expect((await cli('merchant', 'budgets', merchant.merchantId, '--writes', '3', '--reads', '4')).status).toBe(0);
      await freshWindow(merchant.appKey);
      const write = (i: number, headers: Record<string, string> = {}) =>
        system.api('POST', '/v1/payments', { key: merchant.appKey, body: { amount: 1000, msisdn: MTN, reference: `rl-${i}` }, headers }) as Promise<TransactionResponse>;
      const accepted = [await write(1), await write(2), await write(3)];
      expect(accepted.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(accepted.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0']);

      const idempotencyKey = randomUUID();
      const refused = await write(4, { 'Idempotency-Key': idempotencyKey });
      const body = expectErrorEnvelope(refused, 429, 'RATE_LIMITED');
      expect(body.message).toMatch(/Retry-After/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(await countTransactions(system, 'reference = $1', ['rl-4'])).toBe(0);
      const [{ records }] = await system.db.dataSource.query(`SELECT count(*)::int AS records FROM idempotency_keys WHERE key = $1`, [idempotencyKey]);
      expect(records).toBe(0);

      // Reads have their own budget; the account key has its own counters.
      const reads = [];
      for (let i = 0; i < 6; i++) {
        const res = await system.api('GET', '/v1/payments', { key: merchant.appKey });
        expect(res.headers.get('ratelimit-limit')).toBe('4');
        reads.push(`${res.status}:${res.headers.get('ratelimit-remaining')}`);
      }
      // freshWindow made the first read of this window, unless it waited for a new one.
      expect([
        ['200:2', '200:1', '200:0', '429:0', '429:0', '429:0'].join(),
        ['200:3', '200:2', '200:1', '200:0', '429:0', '429:0'].join(),
      ]).toContain(reads.join());
      expect((await system.api('POST', '/v1/apps', { key: merchant.accountKey, body: { name: 'Second app' } })).status).toBe(201);
    });
  });

  describe('transaction limits and request shape', () => {
    it('takes at least 100 RWF on cash in and cash out', async () => {
      for (const path of ['/v1/payments', '/v1/payouts']) {
        const res = await system.api('POST', path, { body: { amount: 99, msisdn: MTN } });
        expect(expectErrorEnvelope(res, 400, 'VALIDATION_FAILED').details).toEqual({ fields: { amount: ['amount must be at least 100'] } });
      }
      expect((await system.api('POST', '/v1/payments', { body: { amount: 100, msisdn: MTN } })).status).toBe(201);
      for (const amount of [1000.5, '1000', -100, null, 1e20]) {
        expectErrorEnvelope(await system.api('POST', '/v1/payments', { body: { amount, msisdn: MTN } }), 400, 'VALIDATION_FAILED');
      }
    });

    it('moves RWF only', async () => {
      const res = await system.api('POST', '/v1/payments', { body: { amount: 1000, currency: 'USD', msisdn: MTN } });
      expect(expectErrorEnvelope(res, 400, 'VALIDATION_FAILED').details).toEqual({ fields: { currency: ['currency must be RWF'] } });
      expect((await system.api('POST', '/v1/payments', { body: { amount: 1000, currency: 'RWF', msisdn: MTN } })).status).toBe(201);
    });

    it('routes 078/079 to MTN and 072/073 to Airtel, and refuses any other prefix', async () => {
      for (const msisdn of ['0758123456', '0718123456', '250768123456']) {
        expectErrorEnvelope(await system.api('POST', '/v1/payments', { body: { amount: 1000, msisdn } }), 400, 'UNSUPPORTED_NETWORK');
      }
      for (const msisdn of ['078812345', '07881234567', '0788 123 456', 'abc', 12345]) {
        expectErrorEnvelope(await system.api('POST', '/v1/payments', { body: { amount: 1000, msisdn } }), 400, 'VALIDATION_FAILED');
      }
      expect((await system.api('POST', '/v1/payments', { body: { amount: 1000, msisdn: '0798123456' } })).body).toMatchObject({ data: { network: 'mtn' } });
      for (const msisdn of [AIRTEL, '0738123456']) {
        const res = await system.api<{ data?: { id: string }; details?: { transaction_id: string } }>('POST', '/v1/payments', { body: { amount: 1000, msisdn } });
        const id = res.body.data?.id ?? res.body.details?.transaction_id;
        const read = await system.api('GET', `/v1/payments/${id}`);
        expect(read.body).toMatchObject({ data: { network: 'airtel', provider: 'airtel_money' } });
      }
    });

    it('limits descriptions, references and metadata, and rejects unknown fields', async () => {
      const base = { amount: 1000, msisdn: MTN };
      const cases: [Record<string, unknown>, string][] = [
        [{ description: 'd'.repeat(256) }, 'description'],
        [{ reference: 'r'.repeat(101) }, 'reference'],
        [{ metadata: { a: 1 } }, 'metadata'],
        [{ metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 'metadata'],
        [{ metadata: { ['k'.repeat(41)]: 'v' } }, 'metadata'],
        [{ metadata: { k: 'v'.repeat(501) } }, 'metadata'],
        [{ metadata: ['a'] }, 'metadata'],
        [{ colour: 'red' }, 'colour'],
      ];
      for (const [extra, field] of cases) {
        const body = expectErrorEnvelope(await system.api('POST', '/v1/payments', { body: { ...base, ...extra } }), 400, 'VALIDATION_FAILED');
        expect(Object.keys((body.details as { fields: object }).fields)).toEqual([field]);
      }
      expect((await system.api('POST', '/v1/payments', { body: { ...base, description: 'd'.repeat(255), reference: 'r'.repeat(100), metadata: { k: 'v'.repeat(500) } } })).status).toBe(201);
    });

    it('answers unparseable, non-object, non-JSON and oversized bodies in the envelope', async () => {
      expectErrorEnvelope(await system.api('POST', '/v1/payments', { body: '{"amount": 10' }), 400, 'INVALID_JSON');
      expectErrorEnvelope(await system.api('POST', '/v1/payments', { body: '[1,2]' }), 400, 'VALIDATION_FAILED');
      expectErrorEnvelope(await system.api('POST', '/v1/payments', { body: '"text"' }), 400, 'VALIDATION_FAILED');
      expectErrorEnvelope(await system.api('POST', '/v1/payments', { body: 'amount=1000', headers: { 'content-type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      expectErrorEnvelope(await system.api('POST', '/v1/payments', { body: 'amount=1000', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      const big = { amount: 1000, msisdn: MTN, description: 'x'.repeat(70 * 1024) };
      expectErrorEnvelope(await system.api('POST', '/v1/payments', { body: big }), 413, 'PAYLOAD_TOO_LARGE');
      const missing = expectErrorEnvelope(await system.api('POST', '/v1/payments', {}), 400, 'VALIDATION_FAILED');
      expect(Object.keys((missing.details as { fields: object }).fields).sort()).toEqual(['amount', 'msisdn']);
      expectErrorEnvelope(await system.api('GET', '/v1/nothing-here'), 404, 'ROUTE_NOT_FOUND');
    });
  });
});
