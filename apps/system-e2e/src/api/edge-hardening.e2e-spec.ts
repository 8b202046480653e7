import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { startTestSystem, TEST_REDIS_URL, TestSystem } from '@momo/testing';
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
});
