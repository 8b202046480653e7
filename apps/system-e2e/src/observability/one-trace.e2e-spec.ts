import { readFileSync } from 'node:fs';
import { EVENT_HEADER, REQUEST_ID_DELIVERY_HEADER, TransactionView } from '@momo/contracts';
import { OtlpReceiver, ServiceName, startTestSystem, TestSystem, waitFor } from '@momo/testing';

const FIVE_SERVICES = ['api-gateway', 'payments-core', 'operator-adapter', 'reconciler', 'webhook-dispatcher'];

/**
 * One payment, one id, one trace. The simulator sends no callback, so the reconciler has to ask
 * the operator: the cash in then passes through all five services (gateway -> payments-core ->
 * adapter -> operator; reconciler -> adapter -> payments-core -> outbox -> dispatcher -> merchant).
 * Every service exports its spans over OTLP/HTTP to a receiver in this test.
 */
describe('one id, one trace', () => {
  let system: TestSystem;
  let otlp: OtlpReceiver;

  beforeAll(async () => {
    otlp = await OtlpReceiver.start();
    system = await startTestSystem('one-trace', {
      env: {
        // debug: one log line per job, so every service writes about the payment.
        '*': { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, LOG_LEVEL: 'debug' },
        'operator-simulator': { CALLBACKS_ENABLED: 'false', APPROVAL_DELAY_MS: '200' },
        reconciler: { SWEEP_INTERVAL_MS: '500', MIN_AGE_SECONDS: '1', CHECK_DELAYS_SECONDS: '1,1,2' },
      },
    });
  });
  afterAll(async () => {
    await system?.stop();
    await otlp?.close();
  });

  it('keeps a caller\'s X-Request-Id, and makes one when none (or a malformed one) is sent', async () => {
    const kept = await system.api('GET', '/v1/payments', { headers: { 'x-request-id': 'support-case-4711' } });
    expect(kept.headers.get('x-request-id')).toBe('support-case-4711');
    const made = await system.api('GET', '/v1/payments');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await system.api('GET', '/v1/payments', { headers: { 'x-request-id': 'bad id; <script>' } });
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // Errors carry it too.
    const unauthorised = await system.api('GET', '/v1/payments', { key: '', headers: { 'x-request-id': 'support-case-4712' } });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('x-request-id')).toBe('support-case-4712');
  });

  it('follows one cash in through all five services with one trace and one request id', async () => {
    const requestId = `cash-in-${Date.now()}`;
    const created = await system.api<{ data: TransactionView }>('POST', '/v1/payments', {
      body: { amount: 1500, msisdn: '0788555123', reference: `trace-${requestId}` },
      headers: { 'x-request-id': requestId },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toBe(requestId);
    const payment = created.body.data;

    const delivery = await waitFor(
      () => system.receiver.received.find((r) => r.headers[EVENT_HEADER] === 'payment.succeeded' && JSON.parse(r.rawBody.toString('utf8')).data.id === payment.id),
      { timeoutMs: 30_000, what: 'the payment.succeeded webhook (reached through the reconciler)' },
    );
    // The merchant can quote the id of the request that created the payment.
    expect(delivery.headers[REQUEST_ID_DELIVERY_HEADER]).toBe(requestId);
    // Every call to the operator about it carried the id too (the adapter's support log keeps the headers sent).
    const sent: { operation: string; request_headers: Record<string, string> }[] = await system.db.dataSource.query(
      `SELECT operation, request_headers FROM operator_requests WHERE transaction_id = $1 ORDER BY id`,
      [payment.id],
    );
    expect(sent.map((r) => r.operation)).toEqual(expect.arrayContaining(['collection.requesttopay', 'collection.requesttopay.status']));
    for (const call of sent) expect({ operation: call.operation, id: call.request_headers['x-request-id'] }).toEqual({ operation: call.operation, id: requestId });

    // The gateway's server span for the POST is the root of the payment's trace.
    const root = await waitFor(() => otlp.spans.find((s) => s.service === 'api-gateway' && s.kind === 2 && /POST/.test(s.name) && !s.parentSpanId), {
      timeoutMs: 15_000,
      what: 'the gateway span of the POST',
    });
    const spans = await waitFor(
      () => {
        const all = otlp.trace(root.traceId);
        const services = new Set(all.map((s) => s.service));
        const delivered = all.some((s) => s.service === 'webhook-dispatcher' && s.kind === 3 && s.name === 'POST');
        return FIVE_SERVICES.every((s) => services.has(s)) && delivered ? all : undefined;
      },
      { timeoutMs: 20_000, what: 'spans of all five services in the payment\'s trace' },
    ).catch((error: Error) => {
      const seen = otlp.trace(root.traceId).map((s) => `${s.service}: ${s.name}`);
      throw new Error(`${error.message}; the trace holds:\n${seen.join('\n')}`);
    });
    const names = (service: string) => spans.filter((s) => s.service === service).map((s) => s.name);
    expect(names('api-gateway')).toContain('payment-commands send create-payment');
    expect(names('payments-core')).toContain('payment-commands process create-payment');
    expect(names('operator-adapter')).toEqual(expect.arrayContaining(['operator-requests process initiate-transaction', 'operator mtn collection.requesttopay']));
    expect(names('reconciler')).toContain('operator-status-checks send check-transaction-status');
    expect(names('operator-adapter')).toContain('operator-status-checks process check-transaction-status');
    expect(names('payments-core')).toContain('operator-results process apply-operator-result');
    // The first attempt is made by the event's job itself; its POST to the merchant is a client span.
    expect(names('webhook-dispatcher')).toEqual(expect.arrayContaining(['webhook-events process publish-webhook-event', 'POST']));
    // Postgres is in the story too.
    expect(spans.some((s) => s.service === 'payments-core' && /^pg\.query/.test(s.name))).toBe(true);
    // One tree: every span's parent is in the trace (the root has none).
    const ids = new Set(spans.map((s) => s.spanId));
    expect(spans.filter((s) => s.parentSpanId && !ids.has(s.parentSpanId)).map((s) => `${s.service}: ${s.name}`)).toEqual([]);

    // And the request id is on log lines of every service that touched the payment.
    for (const service of FIVE_SERVICES as ServiceName[]) {
      const log = readFileSync(system.stack.logFile(service)!, 'utf8');
      const lines = log.split('\n').filter((line) => line.includes(`"requestId":"${requestId}"`));
      expect({ service, lines: lines.length > 0 }).toEqual({ service, lines: true });
    }
    // The gateway's request line names the request by the same id, not by a counter of its own.
    const gatewayLines = readFileSync(system.stack.logFile('api-gateway')!, 'utf8').split('\n').filter((line) => line.includes(`"requestId":"${requestId}"`));
    const completed = gatewayLines.map((line) => JSON.parse(line) as { msg: string; req?: { id: string; method: string } }).find((entry) => entry.msg === 'request completed' && entry.req?.method === 'POST');
    expect(completed?.req?.id).toBe(requestId);
  });
});
