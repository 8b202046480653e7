import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, TransactionView, verifySignature } from '@momo/contracts';
import { startTestSystem, TestSystem, waitFor } from '@momo/testing';

/**
 * The money path as a merchant sees it, across all six services as separate processes:
 * create a cash-in over HTTP, the simulated customer approves on MTN, the payment turns
 * succeeded, and a correctly signed webhook arrives.
 */
describe('cash in, end to end', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await startTestSystem('cash-in');
  });
  afterAll(() => system?.stop());

  it('goes from pending to succeeded and announces it with a signed webhook', async () => {
    const created = await system.api<{ success: boolean; data: TransactionView }>('POST', '/v1/payments', {
      body: { amount: 2500, msisdn: '0788123456', description: 'Order 1001', reference: 'order-1001', metadata: { cart: '77' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.success).toBe(true);
    const payment = created.body.data;
    expect(payment).toMatchObject({
      status: 'pending',
      amount: 2500,
      currency: 'RWF',
      fee: 50,
      msisdn: '250788123456',
      network: 'mtn',
      provider: 'mtn_momo',
      direction: 'collect',
      mode: 'test',
      initiated_by: 'api',
      metadata: { cart: '77' },
      failure_code: null,
      completed_at: null,
    });

    const succeeded = await waitFor(
      async () => {
        const res = await system.api<{ data: TransactionView }>('GET', `/v1/payments/${payment.id}`);
        return res.body.data.status === 'succeeded' ? res.body.data : undefined;
      },
      { timeoutMs: 15_000, what: 'the payment to succeed' },
    );
    expect(succeeded.provider_ref).not.toBe('');
    expect(succeeded.completed_at).not.toBeNull();

    const delivery = await waitFor(() => system.receiver.received.find((r) => r.headers[EVENT_HEADER] === 'payment.succeeded'), {
      timeoutMs: 15_000,
      what: 'the payment.succeeded webhook',
    });
    expect(delivery.method).toBe('POST');
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers[DELIVERY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    const verdict = verifySignature(delivery.headers[SIGNATURE_HEADER] as string, delivery.rawBody, system.merchant.webhookSecret);
    expect(verdict).toMatchObject({ ok: true });
    const event = JSON.parse(delivery.rawBody.toString('utf8'));
    expect(event.type).toBe('payment.succeeded');
    expect(event.data).toEqual(succeeded);

    // A signature made with another secret does not verify against these bytes.
    expect(verifySignature(delivery.headers[SIGNATURE_HEADER] as string, delivery.rawBody, 'whsec_wrong')).toMatchObject({ ok: false });
  });

  it('serves health and metrics on each service\'s management port, and nowhere on its public port', async () => {
    for (const service of system.stack.services) {
      const management = system.stack.managementUrl(service);
      expect({ service, live: (await fetch(`${management}/health/live`)).status }).toEqual({ service, live: 200 });
      const ready = await fetch(`${management}/health/ready`);
      expect({ service, ready: ready.status }).toEqual({ service, ready: 200 });
      const metrics = await fetch(`${management}/metrics`);
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      expect(await metrics.text()).toContain('process_cpu_user_seconds_total');
      for (const path of ['/health/live', '/health/ready', '/metrics']) {
        const res = await fetch(`${system.stack.url(service)}${path}`);
        const body = (await res.json()) as { status: string; code: string };
        expect({ service, path, status: res.status, body: { status: body.status, code: body.code } }).toEqual({
          service,
          path,
          status: 404,
          body: { status: 'error', code: 'ROUTE_NOT_FOUND' },
        });
      }
    }
    // The gateway's public port answers the merchant API, its document and docs page, nothing else.
    const gateway = system.stack.url('api-gateway');
    expect((await fetch(`${gateway}/openapi.json`)).status).toBe(200);
    expect((await fetch(`${gateway}/docs`)).status).toBe(200);
    expect((await fetch(`${gateway}/`)).status).toBe(404);
  });

  it('lets on-call see queue depths on every service\'s /metrics', async () => {
    const metrics = await (await fetch(`${system.stack.managementUrl('payments-core')}/metrics`)).text();
    expect(metrics).toMatch(/momo_queue_jobs\{queue="payment-commands",state="waiting"\} \d+/);
    expect(metrics).toMatch(/momo_queue_jobs\{queue="operator-results",state="failed"\} 0/);
  });
});
