import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import Redis from 'ioredis';
import { IsInt, IsOptional, Min } from 'class-validator';
import { loadConfig } from '@momo/platform';
import { ApiResponse, seedSucceededPayment, startTestSystem, TEST_REDIS_URL, TestSystem } from '@momo/testing';
import { MTN } from './api-helpers';
import { OpenApiValidator } from './openapi-validator';

/** `FUZZ_SEED` replays a fuzz run (a failure names its seed); unset, each run draws a new one. */
class FuzzConfig {
  @IsOptional() @IsInt() @Min(0) FUZZ_SEED?: number;
}

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
      '/v1/apps', '/v1/apps/{id}', '/v1/apps/{id}/webhook-secret/rotate', '/v1/balance', '/v1/balance-transactions', '/v1/events', '/v1/events/{id}',
      '/v1/payments', '/v1/payments/{id}', '/v1/payments/{id}/refund', '/v1/payouts', '/v1/settlement-wallet', '/v1/settlements', '/v1/settlements/{id}',
      '/v1/settlements/{id}/transactions', '/v1/statements', '/v1/webhook-deliveries', '/v1/webhook-deliveries/{id}', '/v1/webhook-deliveries/{id}/replay', '/v1/withdrawals',
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
      ['GET', '/v1/events', {}],
      ['GET', '/v1/events?type=payment.succeeded,payout.failed&limit=1', { key: m.accountKey }],
      ['GET', '/v1/events?type=payment.lost', {}],
      ['GET', `/v1/events/${randomUUID()}`, {}],
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
    /**
     * Hostile text of every class the edge must turn away (or store faithfully): NUL, unpaired
     * surrogates, control characters, very long strings, plus ordinary and non-Latin text.
     */
    const hostileText = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\ud800', '\udc00', '\udbff\u0041', '\u001b', '\u0007', '\u007f', '\u0085', '\ufeff', '\u202e', '\r\n', '\t'), fc.string({ maxLength: 20 })).map(([a, b, c]) => a + b + c),
      fc.nat({ max: 70_000 }).map((n) => 'x'.repeat(n)),
      fc.constantFrom('Café 🙏🏾', 'ምርት', '支付', "'; DROP TABLE transactions; --", '%00', '${jndi:ldap://x}', '../../etc/passwd', '0788123456'),
    );
    const deepJson = fc.tuple(fc.integer({ min: 10, max: 30_000 }), fc.constantFrom('[', '{"a":')).map(([depth, open]) =>
      `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`,
    );
    /** Anything JSON can say, biased towards the fields the API reads. */
    const jsonValue = fc.jsonValue({ maxDepth: 3 });
    const fieldValue = fc.oneof(
      jsonValue,
      hostileText,
      fc.integer(),
      fc.double(),
      fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
      fc.constantFrom(MTN, '0728123456', '+250788123456', 'RWF', null, 100, 99, -1, 1e21, 1000, 'https://10.1.2.3/hook', 'active'),
    );
    const fieldName = fc.oneof(
      fc.constantFrom('amount', 'msisdn', 'currency', 'description', 'reference', 'metadata', 'reason', 'name', 'webhook_url', 'status', 'previous_secret_expires_in', '__proto__', 'constructor'),
      hostileText,
    );
    const bodyObject = fc.dictionary(fieldName, fieldValue, { maxKeys: 6 });
    const rawBody = fc.oneof(
      { weight: 4, arbitrary: bodyObject.map((o) => JSON.stringify(o)) },
      { weight: 1, arbitrary: jsonValue.map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: hostileText },
      { weight: 1, arbitrary: deepJson },
      { weight: 1, arbitrary: deepJson.map((d) => `{"amount":1000,"msisdn":"${MTN}","metadata":${d}}`) },
      { weight: 1, arbitrary: fc.constantFrom('', '{', '{"amount":', 'null', '[]', '{"amount": 1e999}', '{"a":"\\ud800"}', '\u0000', '{"amount":100,"amount":200}', '{"description":"\\u0000"}') },
    );
    const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', 'application/json; charset=latin1', 'APPLICATION/JSON');

    /** Percent-encodes text as UTF-8 (a lone surrogate becomes U+FFFD, as a browser would send it). */
    const encode = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
    /** Raw fragments no encoder produces: NUL, invalid and overlong UTF-8, broken escapes. */
    const rawFragment = fc.constantFrom('%00', '%ED%A0%80', '%C0%80', '%FF%FE', '%1B', '%0A', '%', '%E0%A4%A', '..', '%2e%2e%2f', 'a'.repeat(300));
    const queryValue = fc.oneof(hostileText.map((t) => encode(t.slice(0, 2_000))), rawFragment);
    const queryKey = fc.oneof(
      fc.constantFrom('limit', 'cursor', 'status', 'direction', 'reference', 'msisdn', 'created_from', 'created_to', 'app_id', 'transaction_id', 'event_type', 'type', 'from', 'to', 'format', 'limit[]'),
      hostileText.map((t) => encode(t.slice(0, 50))),
    );
    const query = fc.oneof(
      fc.constant(''),
      fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }).map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
      fc.constantFrom('?limit=%', '?limit[]=1', '?status=pending&status=failed', '?cursor=%FF%FE', '?limit=1e3', '?created_from=0000-01-01T00:00:00Z', '?limit=0', '?limit=101'),
    );

    async function send(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<ApiResponse<unknown>> {
      const res = await fetch(`${base}${path}`, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // left as text: the assertion below reports it
      }
      return { status: res.status, headers: res.headers, body: parsed as never };
    }

    function expectEnveloped(res: ApiResponse<unknown>, method: string, what: string): void {
      if (res.status >= 500) throw new Error(`${what} -> ${res.status}: ${JSON.stringify(res.body)}`);
      if (method === 'HEAD') return; // no body to check
      const body = res.body as Record<string, unknown>;
      if (res.status >= 400) {
        const ok = body && body.status === 'error' && typeof body.message === 'string' && /^[A-Z][A-Z0-9_]*$/.test(String(body.code)) && typeof body.timestamp === 'string';
        if (!ok) throw new Error(`${what} -> ${res.status} outside the envelope: ${JSON.stringify(body)}`);
      } else if (!body || body.success !== true) {
        throw new Error(`${what} -> ${res.status} without success envelope: ${JSON.stringify(body)}`);
      }
    }

    /** Sends every request, `concurrency` at a time; the first failure is reported with its request. */
    async function sendAll<T>(requests: T[], concurrency: number, one: (request: T) => Promise<void>): Promise<void> {
      let next = 0;
      const failures: string[] = [];
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < requests.length && failures.length === 0) {
            const request = requests[next++];
            await one(request).catch((error: Error) => failures.push(error.message.slice(0, 2_000)));
          }
        }),
      );
      expect(failures).toEqual([]);
    }

    const seed = loadConfig(FuzzConfig).FUZZ_SEED ?? Date.now() % 2 ** 31;

    it('answers 10,000 hostile requests to every merchant endpoint (NUL, surrogates, control characters, long strings, deep JSON) without a 5xx, always in the envelope', async () => {
      const m = system.merchant;
      const payment = await seedSucceededPayment(system.db.dataSource, m, { amount: 50_000 });
      // Every endpoint the document lists, with its methods, and methods it does not take.
      const doc = (await (await fetch(`${system.stack.url('api-gateway')}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
      const endpoints = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => [method.toUpperCase(), path] as const));
      expect(endpoints.length).toBeGreaterThanOrEqual(14);
      const methods = fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS') });
      const pathId = fc.oneof(
        fc.constantFrom(m.appId, payment.id, randomUUID(), '00000000-0000-0000-0000-000000000000'),
        fc.uuid(),
        hostileText.map((t) => encode(t.slice(0, 300))),
        rawFragment,
      );
      const keys = [m.appKey, m.accountKey];
      const authorization = fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...keys).map((k) => `Bearer ${k}`) },
        { weight: 1, arbitrary: fc.string({ maxLength: 80 }).filter((s) => /^[\x20-\x7e]*$/.test(s)) },
        { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'bearer ' + m.appKey, `Bearer ${m.appKey}x`, `Bearer ${'a'.repeat(5000)}`, 'Basic Zm9vOmJhcg==') },
      );
      const idempotencyKey = fc.oneof(fc.constant(undefined), fc.uuid(), fc.string({ maxLength: 300 }).filter((s) => /^[\x20-\x7e]*$/.test(s)));
      const request = fc.record({ endpoint: fc.nat(endpoints.length - 1), method: methods, id: pathId, query, body: rawBody, type: contentType, auth: authorization, key: idempotencyKey });
      const requests = fc.sample(request, { numRuns: 10_000, seed });
      const gateway = system.stack.url('api-gateway');
      let sent = 0;
      const statuses = new Set<number>();
      await sendAll(requests, 24, async (r) => {
        const [documented, template] = endpoints[r.endpoint];
        const method = r.method ?? documented;
        const headers: Record<string, string> = { authorization: r.auth };
        if (r.type) headers['content-type'] = r.type;
        if (r.key !== undefined) headers['idempotency-key'] = r.key;
        const url = `${template.replace(/\{[^}]+\}/g, r.id)}${r.query}`;
        const res = await send(gateway, method, url, headers, r.body);
        sent++;
        statuses.add(res.status);
        expectEnveloped(res, method, `[seed ${seed}] ${method} ${url.slice(0, 300)} [${r.type}] ${JSON.stringify(r.body).slice(0, 300)}`);
      });
      expect(sent).toBe(10_000);
      // The requests reached every layer: handlers, validation, auth, routing, body parsing.
      expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 401, 403, 404, 405, 413, 415]));
      // Nothing that passed the edge failed later for its content.
      const failedJobs = await jobsFailed(system.queuePrefix, 'payment-commands');
      expect(failedJobs).toBe(0);
    }, 240_000);

    it('answers 2,000 hostile operator callbacks without a 5xx', async () => {
      const [{ id: known }] = await system.db.dataSource.query(`SELECT id FROM transactions WHERE network = 'mtn' LIMIT 1`);
      const route = fc.constantFrom<[string, string]>(['POST', '/callbacks/mtn/{id}'], ['PUT', '/callbacks/mtn/{id}'], ['POST', '/callbacks/airtel'], ['POST', '/callbacks/airtel/{id}'], ['GET', '/callbacks/mtn/{id}'], ['POST', '/callbacks/nope']);
      const airtelBody = fc.record({ transaction: fc.record({ id: fc.oneof(fc.constant(known as string), fc.uuid(), hostileText), status_code: fc.constantFrom('TS', 'TF', 'TIP'), message: hostileText }, { requiredKeys: [] }) }).map((b) => JSON.stringify(b));
      const request = fc.record({ route, id: fc.oneof(fc.constant(known as string), fc.uuid(), hostileText.map((t) => encode(t.slice(0, 300))), rawFragment), body: fc.oneof(rawBody, airtelBody), type: contentType });
      const requests = fc.sample(request, { numRuns: 2_000, seed: seed + 1 });
      const adapter = system.stack.url('operator-adapter');
      await sendAll(requests, 24, async (r) => {
        const [method, template] = r.route;
        const url = template.replace('{id}', r.id);
        const res = await send(adapter, method, url, r.type ? { 'content-type': r.type } : {}, r.body);
        const what = `[seed ${seed + 1}] ${method} ${url.slice(0, 300)} [${r.type}] ${JSON.stringify(r.body).slice(0, 300)}`;
        if (res.status >= 500) throw new Error(`${what} -> ${res.status}: ${JSON.stringify(res.body)}`);
        if (res.status >= 400 && (res.body as { status?: string })?.status !== 'error') throw new Error(`${what} -> ${res.status} outside the envelope`);
      });
    }, 120_000);
  });
});

/** Jobs BullMQ keeps as failed in one queue. */
async function jobsFailed(prefix: string, queue: string): Promise<number> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    return await redis.zcard(`${prefix}:${queue}:failed`);
  } finally {
    redis.disconnect();
  }
}
