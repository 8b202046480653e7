import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Redis from 'ioredis';
import { seedMerchant, startTestSystem, TEST_REDIS_URL, TestSystem, waitFor } from '@momo/testing';
import { countTransactions, expectErrorEnvelope, MTN } from './api-helpers';

/**
 * The small print of the merchant contract at the edge: text a worker could not store is refused
 * with a 400 naming the field (never a 5xx, never a failed job), wrong methods are 405 with Allow,
 * and every answer to a request with a valid key carries its rate-limit headers and counts.
 */
describe('merchant API: the edge', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem('api-edge', {
      env: { 'operator-adapter': { CALLBACK_RATE_LIMIT_PER_MINUTE: '40', CALLBACKS_STORED_PER_TRANSACTION: '3' } },
    });
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

    it('takes text whose cut for the network lands inside an emoji through to a final answer on both networks', async () => {
      // MTN gets the first 160 code units of description and reference, Airtel the first 64 of the reference.
      const ids: string[] = [];
      for (const [msisdn, cutAt] of [[MTN, 160], ['0728123456', 64]] as const) {
        const text = 'x'.repeat(cutAt - 1) + '🙏🏾 end';
        const res = await system.api<{ data: { id: string } }>('POST', '/v1/payments', { body: { amount: 1000, msisdn, description: text, reference: text.slice(0, 100) } });
        expect(res.status).toBe(201);
        ids.push(res.body.data.id);
      }
      for (const id of ids) {
        const final = await waitFor(
          async () => {
            const res = await system.api<{ data: { status: string } }>('GET', `/v1/payments/${id}`);
            return res.body.data.status !== 'pending' ? res.body.data.status : undefined;
          },
          { timeoutMs: 20_000, what: 'the payment to become final' },
        );
        expect(final).toBe('succeeded');
      }
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

  describe('operator callback routes', () => {
    /** A callback as an operator (or anyone) would send it; `source` is the client address the ingress reports. */
    const callback = (path: string, body: string, source: string, type = 'application/json') =>
      fetch(`${system.stack.url('operator-adapter')}${path}`, { method: 'POST', headers: { 'content-type': type, 'x-forwarded-for': source }, body });
    const notStored = async (reason: string): Promise<number> => {
      const text = await (await fetch(`${system.stack.managementUrl('operator-adapter')}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith('momo_operator_callbacks_not_stored_total{') && l.includes(`reason="${reason}"`) && l.includes('network="mtn"'));
      return line ? Number(line.split(' ').pop()) : 0;
    };

    it('refuses a body over the callback size limit with 413 in the envelope', async () => {
      const res = await callback(`/callbacks/mtn/${randomUUID()}`, JSON.stringify({ status: 'SUCCESSFUL', junk: 'x'.repeat(20_000) }), '198.51.100.1');
      expect(res.status).toBe(413);
      expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('counts callbacks that match no transaction instead of storing them, whatever they contain', async () => {
      const counted = await notStored('unknown_transaction');
      const junk = [
        [`/callbacks/mtn/${randomUUID()}`, '{"status":"SUCCESSFUL"}'],
        ['/callbacks/mtn/not-a-uuid', 'plain \u0000 text with NUL'],
        [`/callbacks/mtn/${randomUUID()}`, '{"a":"\\ud800\\u0000"}'],
        ['/callbacks/mtn/%00', '{'],
      ];
      for (const [path, body] of junk) expect((await callback(path, body, '198.51.100.2')).status).toBe(200);
      const [{ n }] = await system.db.dataSource.query(`SELECT count(*)::int AS n FROM operator_callbacks WHERE transaction_id IS NULL OR path = ANY($1)`, [junk.map(([path]) => path)]);
      expect(n).toBe(0);
      expect(await notStored('unknown_transaction')).toBe(counted + junk.length);
    });

    it('stores callbacks about a known transaction, NUL and all, up to the per-transaction cap', async () => {
      const created = await system.api<{ data: { id: string } }>('POST', '/v1/payments', { body: { amount: 1000, msisdn: '0780000102' } });
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      const countFor = async () => (await system.db.dataSource.query(`SELECT count(*)::int AS n FROM operator_callbacks WHERE transaction_id = $1`, [id]))[0].n as number;
      // 102: the simulated customer never answers, so no callback of the simulator's own interferes.
      expect(await countFor()).toBe(0);
      const overCapBefore = await notStored('over_cap');
      for (let i = 0; i < 6; i++) {
        expect((await callback(`/callbacks/mtn/${id}`, `not json \u0000 ${i}`, '198.51.100.3', 'text/plain')).status).toBe(200);
      }
      expect(await countFor()).toBe(3);
      expect(await notStored('over_cap')).toBe(overCapBefore + 3);
      const [{ body }] = await system.db.dataSource.query(`SELECT body FROM operator_callbacks WHERE transaction_id = $1 AND body LIKE 'not json%' ORDER BY id LIMIT 1`, [id]);
      expect(body).toMatch(/^not json \\u0000 \d$/);
    });

    it('rate-limits callbacks per source address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 45; i++) statuses.push((await callback(`/callbacks/mtn/${randomUUID()}`, '{}', '198.51.100.4')).status);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(40);
      expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
      const limited = await callback(`/callbacks/mtn/${randomUUID()}`, '{}', '198.51.100.4');
      const body = (await limited.json()) as { status: string; code: string };
      expect({ status: limited.status, envelope: body.status, code: body.code }).toEqual({ status: 429, envelope: 'error', code: 'RATE_LIMITED' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Another source is not affected.
      expect((await callback(`/callbacks/mtn/${randomUUID()}`, '{}', '198.51.100.5')).status).toBe(200);
    });
  });

  it('keeps wallet numbers out of the gateway log, masking them in logged URLs', async () => {
    expect((await system.api('GET', '/v1/payments?msisdn=0788765432')).status).toBe(200);
    expect((await system.api('GET', '/v1/payments?msisdn=%2B250788765432&reference=ref-0788765432')).status).toBe(200);
    const log = await waitFor(
      async () => {
        const text = readFileSync(system.stack.logFile('api-gateway')!, 'utf8');
        return text.includes('ref-078****432') ? text : undefined;
      },
      { timeoutMs: 5_000, what: 'the request lines in the gateway log' },
    );
    expect(log).not.toMatch(/788765432/);
    expect(log).toContain('msisdn=078****432');
  });
});
