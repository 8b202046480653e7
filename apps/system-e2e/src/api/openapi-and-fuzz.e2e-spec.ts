import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { ApiResponse, seedSucceededPayment, startTestSystem, TestSystem } from '@momo/testing';
import { MTN } from './api-helpers';
import { OpenApiValidator } from './openapi-validator';

/**
 * The OpenAPI document is generated from the code and served by the gateway; real answers of
 * every endpoint, successes and errors, must match it. Then thousands of malformed requests:
 * never a 5xx, always the envelope.
 */
describe('merchant API: OpenAPI document and fuzzing', () => {
  let system: TestSystem;
  let validator: OpenApiValidator;

  beforeAll(async () => {
    system = await startTestSystem('api-openapi-fuzz');
    await system.db.dataSource.query(`UPDATE merchants SET writes_per_minute = 1000000, reads_per_minute = 1000000`);
    const res = await fetch(`${system.stack.url('api-gateway')}/openapi.json`);
    validator = new OpenApiValidator((await res.json()) as ConstructorParameters<typeof OpenApiValidator>[0]);
  });
  afterAll(() => system?.stop());

  it('serves the document and a docs page', async () => {
    const doc = (await (await fetch(`${system.stack.url('api-gateway')}/openapi.json`)).json()) as { openapi: string; paths: object };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/v1/apps', '/v1/apps/{id}', '/v1/apps/{id}/webhook-secret/rotate', '/v1/balance', '/v1/balance-transactions', '/v1/payments', '/v1/payments/{id}',
      '/v1/payments/{id}/refund', '/v1/payouts', '/v1/settlement-wallet', '/v1/settlements', '/v1/settlements/{id}', '/v1/settlements/{id}/transactions', '/v1/statements',
      '/v1/webhook-deliveries', '/v1/webhook-deliveries/{id}', '/v1/webhook-deliveries/{id}/replay', '/v1/withdrawals',
    ]);
    const page = await fetch(`${system.stack.url('api-gateway')}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui-bundle.js');
    const bundle = await fetch(`${system.stack.url('api-gateway')}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
  });

  it('matches every real answer of every endpoint', async () => {
    const m = system.merchant;
    const payment = await seedSucceededPayment(system.db.dataSource, m, { amount: 50_000 });
    const calls: [string, string, { key?: string; body?: unknown; headers?: Record<string, string> }][] = [
      ['POST', '/v1/payments', { body: { amount: 1500, msisdn: MTN, metadata: { a: 'b' } } }],
      ['POST', '/v1/payments', { body: { amount: 50, msisdn: MTN } }],
      ['POST', '/v1/payments', { body: { amount: 500, msisdn: '0758123456' } }],
      ['POST', '/v1/payments', { body: '{bad json' }],
      ['POST', '/v1/payments', { key: m.accountKey, body: { amount: 500, msisdn: MTN } }],
      ['POST', '/v1/payments', { key: 'sk_test_nope', body: { amount: 500, msisdn: MTN } }],
      ['GET', '/v1/payments', {}],
      ['GET', '/v1/payments?status=succeeded&limit=1', {}],
      ['GET', '/v1/payments?limit=500', {}],
      ['GET', `/v1/payments/${payment.id}`, {}],
      ['GET', `/v1/payments/${randomUUID()}`, {}],
      ['POST', '/v1/payouts', { body: { amount: 1000, msisdn: MTN } }],
      ['POST', '/v1/payouts', { body: { amount: 10_000_000, msisdn: MTN } }],
      ['POST', `/v1/payments/${payment.id}/refund`, { body: { amount: 60_000 } }],
      ['POST', `/v1/payments/${payment.id}/refund`, { body: { amount: 1_000, reason: 'test' } }],
      ['POST', `/v1/payments/${payment.id}/refund`, { body: {} }],
      ['POST', `/v1/payments/${randomUUID()}/refund`, {}],
      ['GET', '/v1/balance', { key: m.accountKey }],
      ['GET', '/v1/balance', {}],
      ['GET', '/v1/balance-transactions', {}],
      ['GET', '/v1/balance-transactions?type=settlement&limit=2', { key: m.accountKey }],
      ['GET', '/v1/balance-transactions?type=nope', {}],
      ['GET', '/v1/balance-transactions?cursor=bm9wZQ', {}],
      ['GET', '/v1/settlements', {}],
      ['GET', `/v1/settlements/${randomUUID()}`, {}],
      ['GET', `/v1/settlements/${randomUUID()}/transactions`, {}],
      ['GET', `/v1/statements?from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, {}],
      ['GET', '/v1/statements?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', {}],
      ['GET', '/v1/statements?from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', {}],
      ['GET', '/v1/statements', {}],
      ['GET', '/v1/settlement-wallet', { key: m.accountKey }],
      ['POST', '/v1/withdrawals', { body: { amount: 1000 } }],
      ['PUT', '/v1/settlement-wallet', { key: m.accountKey, body: { msisdn: MTN } }],
      ['PUT', '/v1/settlement-wallet', { key: m.accountKey, body: { msisdn: 12 } }],
      ['GET', '/v1/settlement-wallet', { key: m.accountKey }],
      ['POST', '/v1/withdrawals', { body: { amount: 1000 } }],
      ['POST', '/v1/withdrawals', { body: { amount: 'lots' } }],
      ['POST', '/v1/apps', { key: m.accountKey, body: { name: 'Docs app', webhook_url: system.receiver.url } }],
      ['POST', '/v1/apps', { key: m.accountKey, body: { name: 'Bad hook', webhook_url: 'https://10.1.2.3/hook' } }],
      ['POST', '/v1/apps', { body: { name: 'Wrong key' } }],
      ['GET', '/v1/apps', { key: m.accountKey }],
      ['GET', `/v1/apps/${m.appId}`, { key: m.accountKey }],
      ['GET', `/v1/apps/${randomUUID()}`, { key: m.accountKey }],
      ['PATCH', `/v1/apps/${m.appId}`, { key: m.accountKey, body: { name: 'Renamed' } }],
      ['PATCH', `/v1/apps/${m.appId}`, { key: m.accountKey, body: { status: 'gone' } }],
    ];
    const idempotencyKey = randomUUID();
    calls.push(['POST', '/v1/payments', { body: { amount: 700, msisdn: MTN }, headers: { 'Idempotency-Key': idempotencyKey } }]);
    calls.push(['POST', '/v1/payments', { body: { amount: 700, msisdn: MTN }, headers: { 'Idempotency-Key': idempotencyKey } }]);
    calls.push(['POST', '/v1/payments', { body: { amount: 701, msisdn: MTN }, headers: { 'Idempotency-Key': idempotencyKey } }]);

    const problems: string[] = [];
    const statuses = new Set<number>();
    for (const [method, path, options] of calls) {
      const res = await system.api(method, path, options);
      statuses.add(res.status);
      problems.push(...validator.check(method, path, res.status, res.body));
    }
    expect(problems).toEqual([]);
    expect([...statuses].sort()).toEqual([200, 201, 400, 401, 403, 404, 409]);
    // The check can fail: a body that breaks the documented shape, or an undocumented status.
    expect(validator.check('GET', '/v1/balance', 200, { success: true, data: { available: '1' } })).not.toEqual([]);
    expect(validator.check('GET', '/v1/balance', 418, {})).not.toEqual([]);
  });

  describe('fuzzing', () => {
    const endpoints: [string, (id: string) => string][] = [
      ['POST', () => '/v1/payments'],
      ['GET', () => '/v1/payments'],
      ['GET', (id) => `/v1/payments/${id}`],
      ['POST', () => '/v1/payouts'],
      ['POST', (id) => `/v1/payments/${id}/refund`],
      ['POST', () => '/v1/apps'],
      ['GET', () => '/v1/apps'],
      ['PATCH', (id) => `/v1/apps/${id}`],
      ['GET', () => '/v1/balance'],
      ['GET', () => '/v1/balance-transactions'],
      ['GET', () => '/v1/settlements'],
      ['GET', (id) => `/v1/settlements/${id}`],
      ['GET', () => '/v1/statements'],
      ['PUT', () => '/v1/settlement-wallet'],
      ['POST', () => '/v1/withdrawals'],
    ];

    /** Anything JSON can say, biased towards the fields the API reads. */
    const jsonValue = fc.jsonValue({ maxDepth: 3 });
    const fieldValue = fc.oneof(jsonValue, fc.string(), fc.integer(), fc.double(), fc.constantFrom(MTN, '0728123456', '+250788123456', 'RWF', null, 100, 99, -1, 1e21));
    const bodyObject = fc.dictionary(fc.constantFrom('amount', 'msisdn', 'currency', 'description', 'reference', 'metadata', 'reason', 'name', 'webhook_url', 'status', '__proto__', 'constructor', 'x'), fieldValue, { maxKeys: 6 });
    const rawBody = fc.oneof(
      bodyObject.map((o) => JSON.stringify(o)),
      jsonValue.map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
      fc.constantFrom('', '{', '{"amount":', 'null', '[]', '{"amount": 1e999}', '{"a":"\\ud800"}', '\u0000', '{"amount":100,"amount":200}'),
    );
    const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', 'application/json; charset=latin1', 'APPLICATION/JSON');
    const query = fc.oneof(
      fc.constant(''),
      fc.dictionary(fc.constantFrom('limit', 'cursor', 'status', 'direction', 'reference', 'msisdn', 'created_from', 'created_to', 'type', 'from', 'to', 'format', 'x'), fc.string({ maxLength: 40 }), { maxKeys: 4 })
        .map((q) => `?${new URLSearchParams(q).toString()}`),
      fc.string({ maxLength: 60 }).map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
      fc.constantFrom('?limit=%', '?limit[]=1', '?status=pending&status=failed', '?cursor=%FF%FE', '?limit=1e3', '?created_from=0000-01-01T00:00:00Z'),
    );
    const id = fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }).map(encodeURIComponent), fc.constantFrom('%E0%A4%A', '..', 'a'.repeat(300), '00000000-0000-0000-0000-000000000000'));

    async function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<ApiResponse<unknown>> {
      const res = await fetch(`${system.stack.url('api-gateway')}${path}`, { method, headers, body: method === 'GET' ? undefined : body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // left as text: the assertion below reports it
      }
      return { status: res.status, headers: res.headers, body: parsed as never };
    }

    function expectEnveloped(res: ApiResponse<unknown>, what: string): void {
      if (res.status >= 500) throw new Error(`${what} -> ${res.status}: ${JSON.stringify(res.body)}`);
      const body = res.body as Record<string, unknown>;
      if (res.status >= 400) {
        const ok = body && body.status === 'error' && typeof body.message === 'string' && /^[A-Z][A-Z0-9_]*$/.test(String(body.code)) && typeof body.timestamp === 'string';
        if (!ok) throw new Error(`${what} -> ${res.status} outside the envelope: ${JSON.stringify(body)}`);
      } else if (!body || body.success !== true) {
        throw new Error(`${what} -> ${res.status} without success envelope: ${JSON.stringify(body)}`);
      }
    }

    it('answers thousands of malformed bodies, headers and queries without a 5xx, always in the envelope', async () => {
      const m = system.merchant;
      const keys = [m.appKey, m.accountKey];
      const authorization = fc.oneof(
        fc.constantFrom(...keys).map((k) => `Bearer ${k}`),
        fc.constantFrom(...keys).map((k) => `Bearer ${k}`),
        fc.string({ maxLength: 80 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
        fc.constantFrom('Bearer', 'Bearer ', 'bearer ' + m.appKey, `Bearer ${m.appKey}x`, `Bearer ${'a'.repeat(5000)}`, 'Basic Zm9vOmJhcg=='),
      );
      const idempotencyKey = fc.oneof(fc.constant(undefined), fc.uuid(), fc.string({ maxLength: 300 }).filter((s) => /^[\x20-\x7e]*$/.test(s)));
      let requests = 0;
      await fc.assert(
        fc.asyncProperty(fc.nat(endpoints.length - 1), id, query, rawBody, contentType, authorization, idempotencyKey, async (e, pathId, q, body, type, auth, key) => {
          const [method, path] = endpoints[e];
          const headers: Record<string, string> = { authorization: auth };
          if (type) headers['content-type'] = type;
          if (key !== undefined) headers['idempotency-key'] = key;
          const url = `${path(pathId)}${q}`;
          requests++;
          expectEnveloped(await send(method, url, headers, body), `${method} ${url} [${type}] ${JSON.stringify(body).slice(0, 200)}`);
        }),
        { numRuns: 2_500, interruptAfterTimeLimit: 150_000 },
      );
      expect(requests).toBeGreaterThanOrEqual(1_000);
    }, 200_000);
  });
});
