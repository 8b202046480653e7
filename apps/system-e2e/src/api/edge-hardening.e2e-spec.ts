import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { seedMerchant, startTestSystem, TEST_REDIS_URL, TestSystem } from '@momo/testing';
import { countTransactions, expectErrorEnvelope, MTN } from './api-helpers';

/**
 * The small print of the merchant contract at the edge: text a worker could not store is refused
 * with a 400 naming the field (never a 5xx, never a failed job), wrong methods are 405 with Allow,
 * and every answer to a request with a valid key carries its rate-limit headers and counts.
 */
describe('merchant API: the edge', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem('api-edge');
  });
  afterAll(() => system?.stop());

  /** Jobs of a queue in a state (BullMQ keeps failed jobs in a sorted set). */
  async function jobs(queue: string, state: 'failed' | 'wait' | 'active'): Promise<number> {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const key = `${system.queuePrefix}:${queue}:${state}`;
      return state === 'failed' ? await redis.zcard(key) : await redis.llen(key);
    } finally {
      redis.disconnect();
    }
  }

  describe('text no worker could store', () => {
    const hostile: [string, string][] = [
      ['NUL', 'order\u0000 1'],
      ['a lone high surrogate', 'order \ud800'],
      ['a lone low surrogate', '\udc00 order'],
      ['a control character', 'order\u001b[31m'],
    ];

    it.each(hostile)('refuses %s in description, reference, metadata and refund reason with 400 naming the field', async (_what, text) => {
      const before = await countTransactions(system);
      const cases: [string, string, Record<string, unknown>, string][] = [
        ['POST', '/v1/payments', { amount: 1000, msisdn: MTN, description: text }, 'description'],
        ['POST', '/v1/payments', { amount: 1000, msisdn: MTN, reference: text }, 'reference'],
        ['POST', '/v1/payments', { amount: 1000, msisdn: MTN, metadata: { note: text } }, 'metadata.note'],
        ['POST', '/v1/payments', { amount: 1000, msisdn: MTN, metadata: { [text]: 'v' } }, 'metadata'],
        ['POST', '/v1/payouts', { amount: 1000, msisdn: MTN, description: text }, 'description'],
        ['POST', `/v1/payments/${randomUUID()}/refund`, { reason: text }, 'reason'],
      ];
      for (const [method, path, body, field] of cases) {
        const res = await system.api(method, path, { body, headers: { 'Idempotency-Key': randomUUID() } });
        const envelope = expectErrorEnvelope(res, 400, 'VALIDATION_FAILED');
        expect({ path, fields: Object.keys((envelope.details as { fields: object }).fields) }).toEqual({ path, fields: [field] });
      }
      const apps = [
        ['POST', '/v1/apps', { name: text }, 'name'],
        ['PATCH', `/v1/apps/${system.merchant.appId}`, { name: text }, 'name'],
        ['PATCH', `/v1/apps/${system.merchant.appId}`, { webhook_url: `https://example.com/${text}` }, 'webhook_url'],
      ] as const;
      for (const [method, path, body, field] of apps) {
        const res = await system.api(method, path, { key: system.merchant.accountKey, body });
        expect(Object.keys((expectErrorEnvelope(res, 400, 'VALIDATION_FAILED').details as { fields: object }).fields)).toEqual([field]);
      }
      expect(await countTransactions(system)).toBe(before);
    });

    it('refuses NUL and broken UTF-8 in query parameters and path segments with 400 naming the parameter', async () => {
      for (const [path, field] of [
        ['/v1/payments?reference=a%00b', 'reference'],
        ['/v1/payments?cursor=%00', 'cursor'],
        ['/v1/payments?reference=%1B', 'reference'],
        ['/v1/payments/abc%00', 'id'],
      ]) {
        const res = await system.api('GET', path);
        const envelope = expectErrorEnvelope(res, 400, 'VALIDATION_FAILED');
        expect({ path, fields: Object.keys((envelope.details as { fields: object }).fields) }).toEqual({ path, fields: [field] });
      }
      const deliveries = await system.api('GET', '/v1/webhook-deliveries?cursor=%00', { key: system.merchant.accountKey });
      expectErrorEnvelope(deliveries, 400, 'VALIDATION_FAILED');
    });

    it('refuses JSON nested deeper than any field needs, without a 5xx', async () => {
      const deep = `{"amount":1000,"msisdn":"${MTN}","metadata":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
      const res = await system.api('POST', '/v1/payments', { body: deep });
      expectErrorEnvelope(res, 400, 'VALIDATION_FAILED');
    });

    it('accepts ordinary international text, emoji and line breaks, stores and returns it unchanged', async () => {
      const text = 'Café – Kigali 🙏🏾\nline two';
      const res = await system.api<{ data: { description: string; metadata: Record<string, string> } }>('POST', '/v1/payments', {
        body: { amount: 1000, msisdn: MTN, description: text, reference: 'ok-ünï', metadata: { 'clé 🙂': text } },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ description: text, metadata: { 'clé 🙂': text } });
    });

    it('leaves no failed job behind in payment-commands', async () => {
      expect(await jobs('payment-commands', 'failed')).toBe(0);
    });
  });

  describe('wrong methods', () => {
    it('answers a known path with the wrong method 405 with Allow, in the envelope', async () => {
      const cases: [string, string, string][] = [
        ['DELETE', '/v1/payments', 'GET, HEAD, POST'],
        ['PUT', `/v1/payments/${randomUUID()}`, 'GET, HEAD'],
        ['GET', `/v1/payments/${randomUUID()}/refund`, 'POST'],
        ['DELETE', `/v1/apps/${system.merchant.appId}`, 'GET, HEAD, PATCH'],
        ['PATCH', '/v1/balance', 'GET, HEAD'],
      ];
      for (const [method, path, allow] of cases) {
        const res = await system.api(method, path);
        expectErrorEnvelope(res, 405, 'METHOD_NOT_ALLOWED');
        expect({ method, path, allow: res.headers.get('allow') }).toEqual({ method, path, allow });
      }
      // An unknown path stays 404.
      expectErrorEnvelope(await system.api('GET', '/v1/nothing-here'), 404, 'ROUTE_NOT_FOUND');
    });
  });

  describe('rate-limit headers and budget for requests refused before they reach an endpoint', () => {
    const keyed = (key: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, ...extra });
    const gateway = () => system.stack.url('api-gateway');

    it('puts RateLimit headers on 400 bad JSON, 413, 415, 404 and 405 answers to a valid key', async () => {
      const key = system.merchant.appKey;
      const answers = [
        await fetch(`${gateway()}/v1/payments`, { method: 'POST', headers: keyed(key, { 'content-type': 'application/json' }), body: '{"amount":' }),
        await fetch(`${gateway()}/v1/payments`, { method: 'POST', headers: keyed(key, { 'content-type': 'application/json' }), body: `{"description":"${'x'.repeat(70_000)}"}` }),
        await fetch(`${gateway()}/v1/payments`, { method: 'POST', headers: keyed(key, { 'content-type': 'text/plain' }), body: 'amount=1' }),
        await fetch(`${gateway()}/v1/nothing-here`, { headers: keyed(key) }),
        await fetch(`${gateway()}/v1/payments`, { method: 'DELETE', headers: keyed(key) }),
      ];
      expect(answers.map((a) => a.status)).toEqual([400, 413, 415, 404, 405]);
      for (const res of answers) {
        expect(res.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
        expect(res.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
        expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
      }
      // Without a valid key there is no budget to report.
      const anonymous = await fetch(`${gateway()}/v1/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
      expect(anonymous.status).toBe(400);
      expect(anonymous.headers.get('ratelimit-limit')).toBeNull();
    });

    it('counts malformed requests against the key and refuses them with 429 once the budget is spent', async () => {
      const merchant = await seedMerchant(system.db.dataSource);
      await system.db.dataSource.query(`UPDATE merchants SET writes_per_minute = 3 WHERE id = $1`, [merchant.merchantId]);
      const bad = () => fetch(`${gateway()}/v1/payments`, { method: 'POST', headers: keyed(merchant.appKey, { 'content-type': 'application/json' }), body: '{"amount":' });
      // Budgets are per clock minute: start with enough of the minute left to finish.
      const leftMs = 60_000 - (Date.now() % 60_000);
      if (leftMs < 10_000) await new Promise((resolve) => setTimeout(resolve, leftMs + 200));
      const seen: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await bad();
        seen.push(`${res.status}:${res.headers.get('ratelimit-remaining')}`);
      }
      expect(seen).toEqual(['400:2', '400:1', '400:0', '429:0']);
      const limited = await bad();
      const body = (await limited.json()) as { code: string; details: { limited_by: string } };
      expect({ status: limited.status, code: body.code, by: body.details.limited_by }).toEqual({ status: 429, code: 'RATE_LIMITED', by: 'api_key' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    });
  });
});
