import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MerchantsRepository } from '@momo/data';
import { generateApiKey, hashApiKey, keyHint } from '@momo/domain';
import { FaultProxy, freePort, startTestSystem, TEST_API_KEY_PEPPER, TestSystem, waitFor } from '@momo/testing';
import { ENDPOINT_METHODS, Momo, MomoApiError, MomoClientOptions, MomoConnectionError, RetryInfo, Transaction, verifyWebhook } from './index';

const GENERATOR = join(__dirname, '..', 'scripts', 'generate-types.js');
const GENERATED_TYPES_FILE = join(__dirname, 'generated', 'openapi.ts');

const MTN = '0788123456';

/**
 * The SDK against the whole system, every service a process: the drift check (types and methods
 * against the document the running gateway serves), every method, the events API, and the retry
 * rules against scripted faults, in front of the gateway (a proxy) and at the operator (the
 * simulator), counting the transactions each logical operation made.
 */
describe('@momo/sdk against the running system', () => {
  let system: TestSystem;
  let proxy: FaultProxy;
  let gateway: string;

  beforeAll(async () => {
    system = await startTestSystem('sdk', { env: { 'operator-simulator': { RETRY_AFTER_SECONDS: '1' } } });
    await system.db.dataSource.query(`UPDATE merchants SET writes_per_minute = 1000000, reads_per_minute = 1000000`);
    gateway = system.stack.url('api-gateway');
    proxy = await FaultProxy.start(gateway);
  });
  afterAll(async () => {
    await proxy?.close();
    await system?.stop();
  });

  /** A client through the fault proxy, with fast backoff (Retry-After is still honoured in full). */
  const client = (apiKey: string, options: Partial<MomoClientOptions> = {}) => new Momo({ apiKey, baseUrl: proxy.url, retryBaseDelayMs: 50, ...options });
  const countByReference = async (reference: string) =>
    (await system.db.dataSource.query(`SELECT id, status FROM transactions WHERE reference = $1`, [reference])) as { id: string; status: string }[];
  const final = (momo: Momo, id: string) =>
    waitFor(async () => {
      const t = await momo.payments.get(id);
      return t.status === 'pending' ? undefined : t;
    }, { timeoutMs: 30_000, what: `transaction ${id} to be final` });

  describe('cannot drift from the API', () => {
    let document: { paths: Record<string, Record<string, unknown>> };
    beforeAll(async () => {
      document = (await (await fetch(`${gateway}/openapi.json`)).json()) as typeof document;
    });

    it('has the types generated from the document the running gateway serves, byte for byte', async () => {
      // The generator runs as its own process, exactly as a developer runs it.
      const { stdout: regenerated } = await promisify(execFile)(process.execPath, [GENERATOR, `${gateway}/openapi.json`, '--stdout'], { maxBuffer: 16 * 1024 * 1024 });
      expect(regenerated.length).toBeGreaterThan(1000);
      const committed = readFileSync(GENERATED_TYPES_FILE, 'utf8');
      if (regenerated !== committed) {
        throw new Error(
          'libs/sdk/src/generated/openapi.ts differs from what the gateway serves: regenerate it with\n' +
            '  node libs/sdk/scripts/generate-types.js http://127.0.0.1:3000/openapi.json\n' +
            'and add an SDK method for any new endpoint (ENDPOINT_METHODS in libs/sdk/src/client.ts).',
        );
      }
    });

    it('has a method for every operation of the document, and none for operations it lacks', () => {
      const operations = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((m) => `${m.toUpperCase()} ${path}`),
      );
      expect(Object.keys(ENDPOINT_METHODS).sort()).toEqual(operations.sort());
      const momo = new Momo({ apiKey: 'sk_test_x' }) as unknown as Record<string, Record<string, unknown>>;
      for (const name of Object.values(ENDPOINT_METHODS)) {
        const [resource, method] = name.split('.');
        expect([name, typeof momo[resource]?.[method]]).toEqual([name, 'function']);
      }
    });
  });

  describe('every method', () => {
    let momo: Momo;
    let account: Momo;
    let paid: Transaction;

    beforeAll(() => {
      momo = client(system.merchant.appKey);
      account = client(system.merchant.accountKey);
    });

    it('payments.create, get and list (a page, and every item with for await)', async () => {
      const reference = `sdk-pay-${randomUUID()}`;
      const created = await momo.payments.create({ amount: 1500, msisdn: MTN, reference, metadata: { order: '42' } });
      expect(created).toMatchObject({ amount: 1500, msisdn: '250788123456', reference, metadata: { order: '42' }, direction: 'collect' });
      paid = await final(momo, created.id);
      expect(paid.status).toBe('succeeded');
      // Settled before the next tests read the balance.
      for (let i = 0; i < 2; i++) await final(momo, (await momo.payments.create({ amount: 1000, msisdn: MTN, reference })).id);

      const page = await momo.payments.list({ reference, limit: 2 });
      expect(page.data).toHaveLength(2);
      expect(page.pagination).toMatchObject({ limit: 2, has_more: true });
      const all: Transaction[] = [];
      for await (const t of momo.payments.list({ reference, limit: 1 })) all.push(t);
      expect(all.map((t) => t.reference)).toEqual([reference, reference, reference]);
      expect(all[2].id).toBe(created.id);
      expect(new Set(all.map((t) => t.id)).size).toBe(3);
    });

    it('refunds.create and payments.refund; a second refund is a typed 409', async () => {
      const refund = await momo.refunds.create(paid.id, { amount: 500, reason: 'damaged' });
      expect(refund).toMatchObject({ direction: 'payout', amount: 500, reverses_payment_id: paid.id, description: 'damaged' });
      const again = await momo.payments.refund(paid.id).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(MomoApiError);
      expect(again).toMatchObject({ status: 409, code: 'ALREADY_REFUNDED' });
    });

    it('payouts.create and balance.get (app and account keys)', async () => {
      const funding = await momo.payments.create({ amount: 5000, msisdn: MTN, reference: 'sdk-funding' });
      expect(await final(momo, funding.id)).toMatchObject({ status: 'succeeded' });
      const before = await momo.balance.get();
      const payout = await momo.payouts.create({ amount: 100, msisdn: MTN, reference: 'sdk-payout' });
      expect(payout).toMatchObject({ direction: 'payout', amount: 100, status: 'pending' });
      expect(await final(momo, payout.id)).toMatchObject({ status: 'succeeded' });
      const after = await account.balance.get();
      expect(after).toMatchObject({ currency: 'RWF', mode: 'test' });
      expect(after.available).toBe(before.available - payout.amount - payout.fee);
    });

    it('apps.create, list, get, update and rotateWebhookSecret', async () => {
      const created = await account.apps.create({ name: 'SDK shop' });
      expect(created.keys.test).toMatch(/^sk_test_/);
      expect(created.webhook_secret).toMatch(/^whsec_/);
      expect((await account.apps.list().toArray()).map((a) => a.id)).toEqual(expect.arrayContaining([system.merchant.appId, created.id]));
      expect(await account.apps.get(created.id)).toMatchObject({ id: created.id, name: 'SDK shop', status: 'active' });
      expect(await account.apps.update(created.id, { webhook_url: null })).toMatchObject({ id: created.id, webhook_url: null });
      // Renaming affects live traffic: a test account key gets a typed error saying why.
      await expect(account.apps.update(created.id, { name: 'SDK shop 2' })).rejects.toMatchObject({ status: 403, code: 'LIVE_KEY_REQUIRED' });
      const rotated = await account.apps.rotateWebhookSecret(created.id, { previous_secret_expires_in: 0 });
      expect(rotated.webhook_secret).toMatch(/^whsec_/);
      expect(rotated.webhook_secret).not.toBe(created.webhook_secret);
    });

    it('events.list and get: exactly the bodies the webhooks carried', async () => {
      const events = await momo.events.list({ type: 'payment.succeeded' }).toArray();
      const event = events.find((e) => e.data.id === paid.id)!;
      expect(event).toMatchObject({ type: 'payment.succeeded', data: { id: paid.id, status: 'succeeded' } });
      expect(await momo.events.get(event.id)).toEqual(event);

      const webhook = await waitFor(() => system.receiver.received.find((w) => JSON.parse(w.rawBody.toString()).id === event.id), { what: 'the webhook' });
      expect(webhook.rawBody.toString('utf8')).toBe(JSON.stringify(event));
      expect(verifyWebhook({ rawBody: webhook.rawBody, headers: webhook.headers, secrets: system.merchant.webhookSecret }).ok).toBe(true);
    });

    it('webhookDeliveries.list, get and replay', async () => {
      const deliveries = await account.webhookDeliveries.list({ transaction_id: paid.id });
      expect(deliveries.data).toHaveLength(1);
      const detail = await account.webhookDeliveries.get(deliveries.data[0].id);
      expect(detail.attempts.length).toBeGreaterThan(0);
      const replayed = await account.webhookDeliveries.replay(detail.id);
      expect(replayed.id).toBe(detail.id);
    });
  });

  describe('the events API', () => {
    it('pages with a cursor, filters by type and time, and every page holds the webhook bodies', async () => {
      const momo = client(system.merchant.appKey);
      const since = new Date().toISOString();
      const ids: string[] = [];
      for (const msisdn of [MTN, '0780000110', MTN]) ids.push((await momo.payments.create({ amount: 1000, msisdn, reference: 'sdk-events' })).id);
      await Promise.all(ids.map((id) => final(momo, id)));

      const recent = await momo.events.list({ created_from: since, limit: 1 }).toArray();
      expect(recent.map((e) => e.data.id).sort()).toEqual([...ids].sort());
      expect(recent.map((e) => e.created_at)).toEqual([...recent.map((e) => e.created_at)].sort().reverse());
      const failed = await momo.events.list({ created_from: since, type: 'payment.failed' }).toArray();
      expect(failed.map((e) => [e.type, e.data.id])).toEqual([['payment.failed', ids[1]]]);
      expect(await momo.events.list({ created_to: since, type: 'payment.failed' }).toArray()).not.toContainEqual(expect.objectContaining({ id: failed[0].id }));

      const invalid = await momo.events.list({ type: 'payment.teleported' }).then(() => null, (e: unknown) => e);
      expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    });

    it("keeps each app to its own events, lets account keys read every app's, and never mixes modes", async () => {
      const account = client(system.merchant.accountKey);
      const other = await account.apps.create({ name: 'Other app' });
      const otherApp = client(other.keys.test);
      const otherPayment = await otherApp.payments.create({ amount: 1000, msisdn: MTN, reference: 'other-app' });
      await final(otherApp, otherPayment.id);
      const otherEvent = await waitFor(async () => (await otherApp.events.list()).data[0]);
      expect(otherEvent.data.app_id).toBe(other.id);

      const first = client(system.merchant.appKey);
      expect((await first.events.list().toArray()).every((e) => e.data.app_id === system.merchant.appId)).toBe(true);
      await expect(first.events.get(otherEvent.id)).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect(await first.events.list({ app_id: other.id }).toArray()).toEqual([]);

      expect((await account.events.get(otherEvent.id)).id).toBe(otherEvent.id);
      const byApp = await account.events.list({ app_id: other.id }).toArray();
      expect(byApp.map((e) => e.id)).toEqual([otherEvent.id]);

      // A live key of the same app (a verified business) sees none of the test events.
      await system.db.dataSource.query(`UPDATE merchants SET business_verified = true WHERE id = $1`, [system.merchant.merchantId]);
      const liveKey = generateApiKey('app', 'live');
      await new MerchantsRepository(system.db.dataSource).insertKey({
        id: randomUUID(),
        merchantId: system.merchant.merchantId,
        appId: system.merchant.appId,
        kind: 'app',
        mode: 'live',
        keyHash: hashApiKey(liveKey, TEST_API_KEY_PEPPER),
        keyHint: keyHint(liveKey),
      });
      const live = client(liveKey);
      expect(live.http.mode).toBe('live');
      expect(await live.events.list().toArray()).toEqual([]);
      await expect(live.events.get(otherEvent.id)).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('retries, as the specification tells clients', () => {
    const PAYMENTS = /^\/v1\/payments$/;

    /** Creates a payment through the proxy and returns what the proxy saw and what Postgres holds. */
    async function createThrough(options: Partial<MomoClientOptions> = {}, msisdn = MTN) {
      const retries: RetryInfo[] = [];
      const reference = `retry-${randomUUID()}`;
      const before = proxy.seen('POST', PAYMENTS).length;
      const started = Date.now();
      const outcome = await client(system.merchant.appKey, { ...options, onRetry: async (info) => { retries.push(info); await options.onRetry?.(info); } })
        .payments.create({ amount: 1000, msisdn, reference })
        .then((t) => ({ ok: true as const, t }), (error: unknown) => ({ ok: false as const, error }));
      const requests = proxy.seen('POST', PAYMENTS).slice(before);
      return { outcome, retries, requests, elapsed: Date.now() - started, rows: await countByReference(reference), keys: new Set(requests.map((r) => r.headers['idempotency-key'])) };
    }

    it('retries a 502 that came after the gateway did the work, with the same key: one transaction', async () => {
      proxy.script('POST', PAYMENTS, { kind: 'answer-after', status: 502, body: 'Bad Gateway' });
      const run = await createThrough();
      expect(run.outcome.ok).toBe(true);
      expect(run.requests.map((r) => r.answeredStatus)).toEqual([502, 201]);
      expect(run.keys.size).toBe(1);
      expect(run.rows).toHaveLength(1);
      expect(run.rows[0].id).toBe(run.outcome.ok && run.outcome.t.id);
    });

    it('retries after a timeout with the same key, and gets the first attempt\'s transaction', async () => {
      proxy.script('POST', PAYMENTS, { kind: 'hang-after' });
      const run = await createThrough({ timeoutMs: 1500 });
      expect(run.outcome.ok).toBe(true);
      expect(run.retries).toMatchObject([{ attempt: 1, timedOut: true }]);
      expect(run.requests).toHaveLength(2);
      expect(run.keys.size).toBe(1);
      expect(run.rows).toHaveLength(1);
    });

    it.each([
      [503, 'SERVICE_UNAVAILABLE'],
      [429, 'RATE_LIMITED'],
    ])('waits the Retry-After of a %i, then retries with the same key: one transaction', async (status, code) => {
      const envelope = JSON.stringify({ status: 'error', message: 'busy', timestamp: new Date().toISOString(), code });
      proxy.script('POST', PAYMENTS, { kind: 'answer-before', status, headers: { 'retry-after': '1', 'content-type': 'application/json' }, body: envelope });
      const run = await createThrough();
      expect(run.outcome.ok).toBe(true);
      expect(run.retries).toMatchObject([{ attempt: 1, status, code, delayMs: 1000 }]);
      expect(run.elapsed).toBeGreaterThanOrEqual(1000);
      expect(run.keys.size).toBe(1);
      expect(run.rows).toHaveLength(1);
    });

    it('backs off 1, 2, 4 × the base delay and gives up after three retries with a typed error', async () => {
      for (let i = 0; i < 4; i++) proxy.script('POST', PAYMENTS, { kind: 'answer-before', status: 502, body: 'Bad Gateway' });
      const run = await createThrough({ retryBaseDelayMs: 100 });
      expect(run.retries.map((r) => r.delayMs)).toEqual([100, 200, 400]);
      expect(run.requests).toHaveLength(4);
      expect(run.keys.size).toBe(1);
      expect(run.outcome.ok).toBe(false);
      const error = (run.outcome as { error: MomoApiError }).error;
      expect(error).toBeInstanceOf(MomoApiError);
      expect(error).toMatchObject({ status: 502, code: 'HTTP_502', idempotencyKey: [...run.keys][0] });
      expect(run.rows).toHaveLength(0);
    });

    it('never retries 400, 401, 403, 404 or 409, and says exactly what was wrong', async () => {
      const momo = client(system.merchant.appKey);
      const seen = () => proxy.requests.length;
      const cases: [string, () => Promise<unknown>, number, string][] = [
        ['400', () => momo.payments.create({ amount: 50, msisdn: MTN }), 400, 'VALIDATION_FAILED'],
        ['401', () => client(`sk_test_${'x'.repeat(40)}`).balance.get(), 401, 'UNAUTHENTICATED'],
        ['403', () => client(system.merchant.accountKey).payments.create({ amount: 1000, msisdn: MTN }), 403, 'ACCOUNT_KEY_NOT_ALLOWED'],
        ['404', () => momo.payments.get(randomUUID()), 404, 'NOT_FOUND'],
        ['409', () => momo.payouts.create({ amount: 1_000_000_000, msisdn: MTN }), 409, 'INSUFFICIENT_BALANCE'],
      ];
      for (const [name, call, status, code] of cases) {
        const before = seen();
        const error = await call().then(() => null, (e: unknown) => e);
        expect([name, error instanceof MomoApiError, (error as MomoApiError).status, (error as MomoApiError).code]).toEqual([name, true, status, code]);
        expect([name, seen() - before]).toEqual([name, 1]);
        const e = error as MomoApiError;
        expect(e.message).toBeTruthy();
        expect(e.requestId).toBe(proxy.requests[proxy.requests.length - 1].headers['x-request-id']);
      }
      const invalid = await momo.payments.create({ amount: 50, msisdn: MTN }).catch((e: MomoApiError) => e);
      expect(Object.keys((invalid as MomoApiError).details?.fields as object)).toContain('amount');
    });

    it('says when nothing answers, after retrying reads', async () => {
      const nowhere = new Momo({ apiKey: system.merchant.appKey, baseUrl: `http://127.0.0.1:${await freePort()}`, retryBaseDelayMs: 10, maxRetries: 2, onRetry: () => void retried++ });
      let retried = 0;
      const error = await nowhere.balance.get().catch((e: unknown) => e);
      expect(retried).toBe(2);
      expect(error).toBeInstanceOf(MomoConnectionError);
      expect((error as MomoConnectionError).message).toMatch(/connection refused/);
    });

    describe('against operator faults (the simulator)', () => {
      const simulator = () => system.stack.url('operator-simulator');
      const pin = (msisdn: string, scenario: string) =>
        fetch(`${simulator()}/control/scenarios/${msisdn}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) });
      const unpin = (msisdn: string) => fetch(`${simulator()}/control/scenarios/${msisdn}`, { method: 'DELETE' });

      it('a 502 (the operator answered what nobody can read): the retry re-sends the same transaction, and it succeeds once', async () => {
        const msisdn = '0788555001';
        await pin(msisdn, 'http_500');
        const run = await createThrough({ onRetry: () => unpin(msisdn).then(() => undefined) }, msisdn);
        expect(run.retries).toMatchObject([{ status: 502, code: 'OPERATOR_ERROR' }]);
        expect(run.outcome.ok).toBe(true);
        expect(run.keys.size).toBe(1);
        expect(run.rows).toHaveLength(1);
        const t = await final(client(system.merchant.appKey), run.rows[0].id);
        expect(t.status).toBe('succeeded');
        const counts = (await (await fetch(`${simulator()}/control/counts/${t.id}`)).json()) as { movements: number };
        expect(counts.movements).toBe(1);
      });

      it.each([
        ['http_429', 429, 'RATE_LIMITED'],
        ['http_503', 503, 'OPERATOR_UNAVAILABLE'],
      ])('%s: waits the operator\'s Retry-After, retries with the same key, and money moves once', async (scenario, status, code) => {
        const msisdn = scenario === 'http_429' ? '0788555002' : '0788555003';
        await pin(msisdn, scenario);
        const run = await createThrough({ onRetry: () => unpin(msisdn).then(() => undefined) }, msisdn);
        expect(run.retries).toMatchObject([{ status, code, delayMs: 1000 }]);
        expect(run.outcome.ok).toBe(true);
        expect(run.keys.size).toBe(1);
        // The refused attempt failed at once and never reached the operator's books; the retry is the one transaction that moves money.
        expect(run.rows.filter((r) => r.status !== 'failed')).toHaveLength(1);
        const t = await final(client(system.merchant.appKey), (run.outcome as { t: Transaction }).t.id);
        expect(t.status).toBe('succeeded');
        const movements = await Promise.all(run.rows.map(async (r) => ((await (await fetch(`${simulator()}/control/counts/${r.id}`)).json()) as { movements: number }).movements));
        expect(movements.reduce((a, b) => a + b, 0)).toBe(1);
      });
    });
  });
});
