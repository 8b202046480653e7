import { DELIVERY_HEADER, SIGNATURE_HEADER, TransactionView, verifySignature } from '@momo/contracts';
import { seedMerchant, startTestSystem, TestSystem, waitFor } from '@momo/testing';
import { verifyWebhook } from '@momo/webhook-receiver';
import { OpenApiValidator } from '../api/openapi-validator';

interface Delivery {
  id: string;
  app_id: string;
  event_id: string;
  event_type: string;
  transaction_id: string;
  status: string;
  attempt_count: number;
  request_body?: string;
  attempts?: { number: number; trigger: string; status_code: number | null; response_body: string | null; error: string | null; duration_ms: number }[];
}
interface List<T> {
  success: boolean;
  data: T[];
  pagination: { limit: number; has_more: boolean; next_cursor: string | null };
}

/**
 * The webhook API as a merchant uses it, across all services as processes: the delivery log per
 * app with filters and paging, one delivery with its attempts, replay (also after abandonment),
 * and secret rotation without downtime.
 */
describe('webhook deliveries API, end to end', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem('webhooks', { env: { 'webhook-dispatcher': { WEBHOOK_MAX_ATTEMPTS: '2', WEBHOOK_FIRST_RETRY_MS: '300' } } });
  });
  afterAll(() => system?.stop());

  const asAccount = { key: '' };
  let validator: OpenApiValidator;
  beforeAll(async () => {
    asAccount.key = system.merchant.accountKey;
    // These tests poll; rate limits are tested elsewhere.
    await system.db.dataSource.query(`UPDATE merchants SET writes_per_minute = 1000000, reads_per_minute = 1000000`);
    const res = await fetch(`${system.stack.url('api-gateway')}/openapi.json`);
    validator = new OpenApiValidator((await res.json()) as ConstructorParameters<typeof OpenApiValidator>[0]);
  });

  /** Calls the gateway and checks the answer against its own OpenAPI document. */
  async function call<T = Record<string, unknown>>(method: string, path: string, options: { key?: string; body?: unknown } = {}) {
    const res = await system.api<T>(method, path, options);
    expect(validator.check(method, path, res.status, res.body)).toEqual([]);
    return res;
  }

  async function paidPayment(reference: string): Promise<TransactionView> {
    const created = await call<{ data: TransactionView }>('POST', '/v1/payments', { body: { amount: 1500, msisdn: '0788123456', reference } });
    expect(created.status).toBe(201);
    return waitFor(
      async () => {
        const res = await call<{ data: TransactionView }>('GET', `/v1/payments/${created.body.data.id}`);
        return res.body.data.status === 'succeeded' ? res.body.data : undefined;
      },
      { timeoutMs: 15_000, what: 'the payment to succeed' },
    );
  }

  async function deliveryOf(transactionId: string, until: (d: Delivery) => boolean = () => true): Promise<Delivery> {
    return waitFor(
      async () => {
        const res = await call<List<Delivery>>('GET', `/v1/webhook-deliveries?transaction_id=${transactionId}`, asAccount);
        const found = res.body.data?.[0];
        if (!found) return undefined;
        const detail = await call<{ data: Delivery }>('GET', `/v1/webhook-deliveries/${found.id}`, asAccount);
        return until(detail.body.data) ? detail.body.data : undefined;
      },
      { timeoutMs: 15_000, what: `the delivery for ${transactionId}` },
    );
  }

  const receivedFor = (deliveryId: string) => system.receiver.received.filter((r) => r.headers[DELIVERY_HEADER] === deliveryId);

  it('lists each delivery with its attempts, filters and pages, and replays with the same delivery id', async () => {
    system.receiver.respondWith = () => ({ status: 200, body: 'received' });
    const payment = await paidPayment('order-a');
    const delivery = await deliveryOf(payment.id, (d) => d.status === 'delivered');
    expect(delivery).toMatchObject({
      app_id: system.merchant.appId,
      event_type: 'payment.succeeded',
      transaction_id: payment.id,
      status: 'delivered',
      attempt_count: 1,
    });
    expect(delivery.attempts).toMatchObject([{ number: 1, trigger: 'schedule', status_code: 200, response_body: 'received', error: null }]);
    const [sent] = receivedFor(delivery.id);
    expect(sent.rawBody.toString('utf8')).toBe(delivery.request_body);
    expect(JSON.parse(delivery.request_body!).data).toEqual(payment);

    const filtered = await call<List<Delivery>>('GET', `/v1/webhook-deliveries?status=delivered&event_type=payment.succeeded&app_id=${system.merchant.appId}`, asAccount);
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.map((d) => d.id)).toContain(delivery.id);
    const none = await call<List<Delivery>>('GET', `/v1/webhook-deliveries?status=abandoned&transaction_id=${payment.id}`, asAccount);
    expect(none.body).toMatchObject({ success: true, data: [], pagination: { has_more: false, next_cursor: null } });

    const replay = await call<{ data: Delivery }>('POST', `/v1/webhook-deliveries/${delivery.id}/replay`, asAccount);
    expect(replay.status).toBe(202);
    expect(replay.body.data).toMatchObject({ id: delivery.id, status: 'pending' });
    const replayed = await deliveryOf(payment.id, (d) => d.status === 'delivered' && d.attempt_count === 2);
    expect(replayed.attempts!.map((a) => a.trigger)).toEqual(['schedule', 'replay']);
    const twice = receivedFor(delivery.id);
    expect(twice).toHaveLength(2);
    expect(twice[1].rawBody.equals(twice[0].rawBody)).toBe(true);
    expect(verifySignature(twice[1].headers[SIGNATURE_HEADER] as string, twice[1].rawBody, system.merchant.webhookSecret)).toMatchObject({ ok: true });
  });

  it('pages newest first with an opaque cursor, without gaps or repeats', async () => {
    for (const ref of ['page-1', 'page-2', 'page-3']) await paidPayment(ref);
    await waitFor(async () => {
      const all = await call<List<Delivery>>('GET', '/v1/webhook-deliveries?limit=100', asAccount);
      return all.body.data.length >= 4 ? true : undefined;
    }, { timeoutMs: 15_000, what: 'four deliveries' });
    const all = (await call<List<Delivery>>('GET', '/v1/webhook-deliveries?limit=100', asAccount)).body.data.map((d) => d.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: List<Delivery> } = await call<List<Delivery>>('GET', `/v1/webhook-deliveries?limit=2${cursor ? `&cursor=${cursor}` : ''}`, asAccount);
      expect(page.body.pagination.limit).toBe(2);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((d) => d.id));
      cursor = page.body.pagination.has_more ? page.body.pagination.next_cursor : null;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('abandons after the last attempt, and a replay by hand delivers it', async () => {
    system.receiver.respondWith = () => ({ status: 500, body: 'down for maintenance' });
    const payment = await paidPayment('order-abandon');
    const abandoned = await deliveryOf(payment.id, (d) => d.status === 'abandoned');
    expect(abandoned.attempts!.map((a) => [a.status_code, a.response_body])).toEqual([
      [500, 'down for maintenance'],
      [500, 'down for maintenance'],
    ]);

    system.receiver.respondWith = () => 204;
    expect((await call('POST', `/v1/webhook-deliveries/${abandoned.id}/replay`, asAccount)).status).toBe(202);
    const delivered = await deliveryOf(payment.id, (d) => d.status === 'delivered');
    expect(delivered.attempts!.map((a) => [a.number, a.trigger, a.status_code])).toEqual([
      [1, 'schedule', 500],
      [2, 'schedule', 500],
      [3, 'replay', 204],
    ]);
    expect(new Set(receivedFor(abandoned.id).map((r) => r.rawBody.toString('utf8'))).size).toBe(1);
  });

  it('rotates the signing secret without downtime: both secrets sign during the window', async () => {
    system.receiver.respondWith = () => 200;
    const rotated = await call<{ data: { app_id: string; webhook_secret: string; previous_secret_expires_at: string } }>(
      'POST',
      `/v1/apps/${system.merchant.appId}/webhook-secret/rotate`,
      { ...asAccount, body: { previous_secret_expires_in: 3600 } },
    );
    expect(rotated.status).toBe(200);
    const { webhook_secret: newSecret, previous_secret_expires_at: until } = rotated.body.data;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Math.abs(Date.parse(until) - Date.now() - 3_600_000)).toBeLessThan(60_000);

    const payment = await paidPayment('order-rotated');
    const delivery = await deliveryOf(payment.id, (d) => d.status === 'delivered');
    const [sent] = receivedFor(delivery.id);
    const header = sent.headers[SIGNATURE_HEADER] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(header, sent.rawBody, system.merchant.webhookSecret)).toMatchObject({ ok: true });
    expect(verifySignature(header, sent.rawBody, newSecret)).toMatchObject({ ok: true });
    // The merchant-side helper, as a receiver in the middle of its own switch-over would use it.
    expect(verifyWebhook({ rawBody: sent.rawBody, headers: sent.headers, secrets: [newSecret] })).toMatchObject({
      ok: true,
      deliveryId: delivery.id,
      event: { type: 'payment.succeeded', data: { id: payment.id } },
    });
  });

  it('answers bad input and other people’s deliveries in the documented envelope', async () => {
    const delivery = (await call<List<Delivery>>('GET', '/v1/webhook-deliveries?limit=1', asAccount)).body.data[0];
    const other = await seedMerchant(system.db.dataSource, { webhookUrl: null });

    const cases: [string, string, { key?: string; body?: unknown }, number, string][] = [
      ['GET', '/v1/webhook-deliveries', { key: system.merchant.appKey }, 403, 'APP_KEY_NOT_ALLOWED'],
      ['GET', '/v1/webhook-deliveries', { key: '' }, 401, 'UNAUTHENTICATED'],
      ['GET', '/v1/webhook-deliveries?limit=0', asAccount, 400, 'VALIDATION_FAILED'],
      ['GET', '/v1/webhook-deliveries?limit=101', asAccount, 400, 'VALIDATION_FAILED'],
      ['GET', '/v1/webhook-deliveries?status=lost', asAccount, 400, 'VALIDATION_FAILED'],
      ['GET', '/v1/webhook-deliveries?app_id=nope', asAccount, 400, 'VALIDATION_FAILED'],
      ['GET', '/v1/webhook-deliveries?created_from=yesterday', asAccount, 400, 'VALIDATION_FAILED'],
      ['GET', '/v1/webhook-deliveries?cursor=bm90LWEtY3Vyc29y', asAccount, 400, 'INVALID_CURSOR'],
      ['GET', '/v1/webhook-deliveries?colour=blue', asAccount, 400, 'VALIDATION_FAILED'],
      ['GET', `/v1/webhook-deliveries/${delivery.id}`, { key: other.accountKey }, 404, 'NOT_FOUND'],
      ['GET', '/v1/webhook-deliveries/not-an-id', asAccount, 404, 'NOT_FOUND'],
      ['GET', '/v1/webhook-deliveries/7c9e6679-7425-40de-944b-e07fc1f90ae7', asAccount, 404, 'NOT_FOUND'],
      ['POST', `/v1/webhook-deliveries/${delivery.id}/replay`, { key: other.accountKey }, 404, 'NOT_FOUND'],
      ['POST', `/v1/webhook-deliveries/${delivery.id}/replay`, { key: system.merchant.appKey }, 403, 'APP_KEY_NOT_ALLOWED'],
      ['POST', `/v1/apps/${system.merchant.appId}/webhook-secret/rotate`, { key: other.accountKey, body: {} }, 404, 'NOT_FOUND'],
      ['POST', `/v1/apps/${system.merchant.appId}/webhook-secret/rotate`, { ...asAccount, body: { previous_secret_expires_in: -1 } }, 400, 'VALIDATION_FAILED'],
      ['POST', `/v1/apps/${system.merchant.appId}/webhook-secret/rotate`, { ...asAccount, body: { previous_secret_expires_in: '3600' } }, 400, 'VALIDATION_FAILED'],
      ['POST', `/v1/apps/${system.merchant.appId}/webhook-secret/rotate`, { key: system.merchant.appKey, body: {} }, 403, 'APP_KEY_NOT_ALLOWED'],
    ];
    for (const [method, path, options, status, code] of cases) {
      const res = await call<{ status: string; code: string; message: string; timestamp: string }>(method, path, options);
      expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status, code });
      expect(res.body.status).toBe('error');
      expect(res.body.message).not.toMatch(/select|webhook_deliveries|stack|TypeError/i);
    }
    // The other merchant sees none of this merchant's deliveries.
    const theirs = await call<List<Delivery>>('GET', '/v1/webhook-deliveries', { key: other.accountKey });
    expect(theirs.body.data).toEqual([]);
  });
});
