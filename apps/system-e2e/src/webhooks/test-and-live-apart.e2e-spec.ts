import { randomUUID } from 'node:crypto';
import { DELIVERY_HEADER, SIGNATURE_HEADER, toTransactionView, TransactionView, verifySignature } from '@momo/contracts';
import { MerchantsRepository, OutboxRepository } from '@momo/data';
import { generateApiKey, hashApiKey, keyHint, Mode } from '@momo/domain';
import { seedMerchant, SeededMerchant, seedSucceededPayment, startTestSystem, TEST_API_KEY_PEPPER, TestSystem, waitFor, WebhookReceiver } from '@momo/testing';
import { verifyWebhook } from '@momo/webhook-receiver';
import { OpenApiValidator } from '../api/openapi-validator';

interface Attempt {
  number: number;
  url: string | null;
  status_code: number | null;
}
interface Delivery {
  id: string;
  mode: Mode;
  url: string;
  status: string;
  attempt_count: number;
  transaction_id: string;
  attempts?: Attempt[];
}
interface AppBody {
  id: string;
  name: string;
  status: string;
  webhook_url: string | null;
  webhooks: Partial<Record<Mode, { mode: Mode; url: string | null }>>;
  api_keys: { mode: Mode }[];
}

/** One verified merchant's app with keys of both modes, as a merchant in production has them. */
interface TwoModeMerchant extends SeededMerchant {
  keys: Record<Mode, { account: string; app: string }>;
}

/**
 * Test mode and live mode are separate worlds inside one app (issue 10): each mode has its own
 * webhook URL and signing secret; a test key reads and changes only the test settings and never
 * touches anything that affects live traffic; a disabled app's deliveries are held and sent once
 * it is enabled again; every attempt records the URL it went to. All services run as processes.
 */
describe('test and live webhooks are apart, end to end', () => {
  let system: TestSystem;
  let liveReceiver: WebhookReceiver;
  let otherLiveReceiver: WebhookReceiver;
  let validator: OpenApiValidator;

  beforeAll(async () => {
    system = await startTestSystem('test-live-apart', {
      env: {
        'webhook-dispatcher': { WEBHOOK_MAX_ATTEMPTS: '4', WEBHOOK_FIRST_RETRY_MS: '2000', WEBHOOK_SWEEP_INTERVAL_MS: '500', WEBHOOK_SWEEP_GRACE_MS: '1000' },
      },
    });
    liveReceiver = await WebhookReceiver.start();
    otherLiveReceiver = await WebhookReceiver.start();
    await system.db.dataSource.query(`UPDATE merchants SET writes_per_minute = 1000000, reads_per_minute = 1000000`);
    const res = await fetch(`${system.stack.url('api-gateway')}/openapi.json`);
    validator = new OpenApiValidator((await res.json()) as ConstructorParameters<typeof OpenApiValidator>[0]);
  });
  afterAll(async () => {
    await system?.stop();
    await liveReceiver?.close();
    await otherLiveReceiver?.close();
  });

  /** Calls the gateway and checks the answer against its own OpenAPI document. */
  async function call<T = Record<string, unknown>>(method: string, path: string, options: { key: string; body?: unknown }) {
    const res = await system.api<T>(method, path, options);
    expect(validator.check(method, path, res.status, res.body)).toEqual([]);
    return res;
  }

  async function twoModeMerchant(): Promise<TwoModeMerchant> {
    const live = await seedMerchant(system.db.dataSource, { mode: 'live', verified: true, webhookUrls: { test: system.receiver.url, live: liveReceiver.url } });
    await system.db.dataSource.query(`UPDATE merchants SET writes_per_minute = 1000000, reads_per_minute = 1000000 WHERE id = $1`, [live.merchantId]);
    const repo = new MerchantsRepository(system.db.dataSource);
    const issue = async (kind: 'app' | 'account', mode: Mode) => {
      const key = generateApiKey(kind, mode);
      await repo.insertKey({ id: randomUUID(), merchantId: live.merchantId, appId: kind === 'app' ? live.appId : null, kind, mode, keyHash: hashApiKey(key, TEST_API_KEY_PEPPER), keyHint: keyHint(key) });
      return key;
    };
    return { ...live, keys: { live: { account: live.accountKey, app: live.appKey }, test: { account: await issue('account', 'test'), app: await issue('app', 'test') } } };
  }

  /** What payments-core writes when a live payment settles (live operators are out of a test's reach); its relay publishes it. */
  async function settledLivePayment(m: SeededMerchant): Promise<TransactionView> {
    const ds = system.db.dataSource;
    const payment = await seedSucceededPayment(ds, m, { amount: 2_500, mode: 'live' });
    const view = toTransactionView(payment);
    await ds.transaction((em) => new OutboxRepository(ds).add(em, 'payment.succeeded', view));
    return view;
  }

  async function paidTestPayment(m: TwoModeMerchant): Promise<TransactionView> {
    const created = await call<{ data: TransactionView }>('POST', '/v1/payments', { key: m.keys.test.app, body: { amount: 1500, msisdn: '0788123456', reference: `t-${randomUUID().slice(0, 8)}` } });
    expect(created.status).toBe(201);
    return waitFor(
      async () => {
        const res = await call<{ data: TransactionView }>('GET', `/v1/payments/${created.body.data.id}`, { key: m.keys.test.app });
        return res.body.data.status === 'succeeded' ? res.body.data : undefined;
      },
      { timeoutMs: 15_000, what: 'the test payment to succeed' },
    );
  }

  /** The delivery of a transaction as an account key of its mode sees it, once `until` holds. */
  async function deliveryOf(key: string, transactionId: string, until: (d: Delivery) => boolean = () => true): Promise<Delivery> {
    return waitFor(
      async () => {
        const list = await call<{ data: Delivery[] }>('GET', `/v1/webhook-deliveries?transaction_id=${transactionId}`, { key });
        const found = list.body.data[0];
        if (!found) return undefined;
        const detail = await call<{ data: Delivery }>('GET', `/v1/webhook-deliveries/${found.id}`, { key });
        return until(detail.body.data) ? detail.body.data : undefined;
      },
      { timeoutMs: 20_000, what: `the delivery of ${transactionId}` },
    );
  }

  const sentTo = (receiver: WebhookReceiver, deliveryId: string) => receiver.received.filter((r) => r.headers[DELIVERY_HEADER] === deliveryId);

  it('refuses a test account key every change that affects live traffic, and shows it only the test settings', async () => {
    const m = await twoModeMerchant();
    const asTest = { key: m.keys.test.account };
    const asLive = { key: m.keys.live.account };
    const app = `/v1/apps/${m.appId}`;

    for (const body of [{ name: 'Renamed by a test key' }, { status: 'disabled' }, { status: 'active' }, { name: 'x', webhook_url: 'https://attacker.example/hook' }]) {
      const res = await call<{ code: string }>('PATCH', app, { ...asTest, body });
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status: 403, code: 'LIVE_KEY_REQUIRED' });
    }

    // A test key reads and changes the test URL only; the live URL is neither shown nor changed.
    const attacker = await WebhookReceiver.start();
    try {
      const changed = await call<{ data: AppBody }>('PATCH', app, { ...asTest, body: { webhook_url: attacker.url } });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({ webhook_url: attacker.url, webhooks: { test: { mode: 'test', url: attacker.url } } });
      for (const res of [changed, await call('GET', app, asTest), await call('GET', '/v1/apps', asTest)]) {
        expect(JSON.stringify(res.body)).not.toContain(liveReceiver.url);
        expect(JSON.stringify(res.body)).not.toContain('"live"');
      }
      const seenLive = await call<{ data: AppBody }>('GET', app, asLive);
      expect(seenLive.body.data).toMatchObject({ name: 'Test App', status: 'active', webhook_url: liveReceiver.url, webhooks: { live: { url: liveReceiver.url } } });
      expect(seenLive.body.data.webhooks.test).toBeUndefined();
      expect(seenLive.body.data.api_keys.map((k) => k.mode)).toEqual(['live']);

      // The test key rotates the test secret only: live deliveries still go to the live URL, signed with the live secret alone.
      const rotated = await call<{ data: { mode: Mode; webhook_secret: string } }>('POST', `${app}/webhook-secret/rotate`, { ...asTest, body: { previous_secret_expires_in: 0 } });
      expect(rotated.body.data.mode).toBe('test');
      const livePayment = await settledLivePayment(m);
      const liveDelivery = await deliveryOf(asLive.key, livePayment.id, (d) => d.status === 'delivered');
      expect(sentTo(attacker, liveDelivery.id)).toHaveLength(0);
      const [sent] = sentTo(liveReceiver, liveDelivery.id);
      const signature = sent.headers[SIGNATURE_HEADER] as string;
      expect(verifySignature(signature, sent.rawBody, m.webhookSecrets.live)).toMatchObject({ ok: true });
      expect(verifySignature(signature, sent.rawBody, rotated.body.data.webhook_secret)).toEqual({ ok: false, reason: 'mismatch' });

      // Live deliveries are invisible to a test key, and it cannot replay them.
      const testList = await call<{ data: Delivery[] }>('GET', `/v1/webhook-deliveries?transaction_id=${livePayment.id}`, asTest);
      expect(testList.body.data).toEqual([]);
      expect((await call<{ code: string }>('GET', `/v1/webhook-deliveries/${liveDelivery.id}`, asTest)).body).toMatchObject({ code: 'NOT_FOUND' });
      const replay = await call<{ code: string }>('POST', `/v1/webhook-deliveries/${liveDelivery.id}/replay`, asTest);
      expect({ status: replay.status, code: replay.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
      expect((await deliveryOf(asLive.key, livePayment.id)).attempt_count).toBe(1);

      // And the other way round: a live key neither sees nor replays test deliveries.
      system.receiver.respondWith = () => 200;
      await call('PATCH', app, { ...asTest, body: { webhook_url: system.receiver.url } });
      const testPayment = await paidTestPayment(m);
      const testDelivery = await deliveryOf(asTest.key, testPayment.id, (d) => d.status === 'delivered');
      expect((await call<{ code: string }>('GET', `/v1/webhook-deliveries/${testDelivery.id}`, asLive)).status).toBe(404);
      expect((await call<{ code: string }>('POST', `/v1/webhook-deliveries/${testDelivery.id}/replay`, asLive)).status).toBe(404);
    } finally {
      await attacker.close();
    }

    // The live account key may do what the test key may not.
    const renamed = await call<{ data: AppBody }>('PATCH', app, { ...asLive, body: { name: 'Renamed live' } });
    expect(renamed.body.data).toMatchObject({ name: 'Renamed live', webhook_url: liveReceiver.url });
  });

  it('signs live deliveries only with the live secret and test deliveries only with the test secret', async () => {
    const m = await twoModeMerchant();
    system.receiver.respondWith = () => 200;
    liveReceiver.respondWith = () => 200;
    const testPayment = await paidTestPayment(m);
    const livePayment = await settledLivePayment(m);
    const testDelivery = await deliveryOf(m.keys.test.account, testPayment.id, (d) => d.status === 'delivered');
    const liveDelivery = await deliveryOf(m.keys.live.account, livePayment.id, (d) => d.status === 'delivered');
    expect(testDelivery).toMatchObject({ mode: 'test', url: system.receiver.url });
    expect(liveDelivery).toMatchObject({ mode: 'live', url: liveReceiver.url });
    expect(sentTo(liveReceiver, testDelivery.id)).toHaveLength(0);
    expect(sentTo(system.receiver, liveDelivery.id)).toHaveLength(0);

    const [testSent] = sentTo(system.receiver, testDelivery.id);
    const [liveSent] = sentTo(liveReceiver, liveDelivery.id);
    // The receiver library, as a merchant's live and test endpoints each use it with their own secret.
    expect(verifyWebhook({ rawBody: liveSent.rawBody, headers: liveSent.headers, secrets: m.webhookSecrets.live })).toMatchObject({ ok: true, event: { data: { id: livePayment.id, mode: 'live' } } });
    expect(verifyWebhook({ rawBody: liveSent.rawBody, headers: liveSent.headers, secrets: m.webhookSecrets.test }).ok).toBe(false);
    expect(verifyWebhook({ rawBody: testSent.rawBody, headers: testSent.headers, secrets: m.webhookSecrets.test })).toMatchObject({ ok: true, event: { data: { id: testPayment.id, mode: 'test' } } });
    expect(verifyWebhook({ rawBody: testSent.rawBody, headers: testSent.headers, secrets: m.webhookSecrets.live }).ok).toBe(false);
  });

  it("holds a disabled app's deliveries and sends them once a live key enables it again", async () => {
    const m = await twoModeMerchant();
    liveReceiver.respondWith = () => 200;
    const asLive = { key: m.keys.live.account };
    expect((await call<{ data: AppBody }>('PATCH', `/v1/apps/${m.appId}`, { ...asLive, body: { status: 'disabled' } })).body.data.status).toBe('disabled');

    const payment = await settledLivePayment(m);
    const held = await deliveryOf(asLive.key, payment.id);
    // Several sweeps go by (every 500 ms here): the delivery stays pending and unattempted.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await deliveryOf(asLive.key, payment.id)).toMatchObject({ id: held.id, status: 'pending', attempt_count: 0, attempts: [] });
    expect(sentTo(liveReceiver, held.id)).toHaveLength(0);

    await call('PATCH', `/v1/apps/${m.appId}`, { ...asLive, body: { status: 'active' } });
    const delivered = await deliveryOf(asLive.key, payment.id, (d) => d.status === 'delivered');
    expect(delivered.attempts).toMatchObject([{ number: 1, status_code: 200, url: liveReceiver.url }]);
    expect(sentTo(liveReceiver, held.id)).toHaveLength(1);
  });

  it('records the URL each attempt went to, as the live URL changes between attempts', async () => {
    const m = await twoModeMerchant();
    const asLive = { key: m.keys.live.account };
    liveReceiver.respondWith = () => 503;
    otherLiveReceiver.respondWith = () => 200;
    const payment = await settledLivePayment(m);
    const first = await deliveryOf(asLive.key, payment.id, (d) => d.attempt_count >= 1);
    expect(first.attempts![0]).toMatchObject({ number: 1, status_code: 503, url: liveReceiver.url });

    await call('PATCH', `/v1/apps/${m.appId}`, { ...asLive, body: { webhook_url: otherLiveReceiver.url } });
    const delivered = await deliveryOf(asLive.key, payment.id, (d) => d.status === 'delivered');
    expect(delivered.attempts!.map((a) => [a.url, a.status_code])).toEqual([
      [liveReceiver.url, 503],
      [otherLiveReceiver.url, 200],
    ]);
    expect(delivered.url).toBe(otherLiveReceiver.url);
    const stored = await system.db.dataSource.query(`SELECT url FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt_number`, [delivered.id]);
    expect(stored).toEqual([{ url: liveReceiver.url }, { url: otherLiveReceiver.url }]);
  });

  it('creates an app from a test key with the test URL only; the live URL is set by a live key', async () => {
    const m = await twoModeMerchant();
    const created = await call<{ data: AppBody & { webhook_secret: string; keys: { test: string; live?: string } } }>('POST', '/v1/apps', {
      key: m.keys.test.account,
      body: { name: 'Made in test', webhook_url: system.receiver.url },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ webhook_url: system.receiver.url, webhooks: { test: { url: system.receiver.url } } });
    expect(created.body.data.webhooks.live).toBeUndefined();
    expect(created.body.data.keys.live).toBeUndefined();
    const id = created.body.data.id;

    const seenLive = await call<{ data: AppBody }>('GET', `/v1/apps/${id}`, { key: m.keys.live.account });
    expect(seenLive.body.data).toMatchObject({ webhook_url: null, webhooks: { live: { url: null } } });
    const setLive = await call<{ data: AppBody }>('PATCH', `/v1/apps/${id}`, { key: m.keys.live.account, body: { webhook_url: liveReceiver.url } });
    expect(setLive.body.data.webhook_url).toBe(liveReceiver.url);
    expect((await call<{ data: AppBody }>('GET', `/v1/apps/${id}`, { key: m.keys.test.account })).body.data.webhook_url).toBe(system.receiver.url);
  });
});
