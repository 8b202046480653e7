import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, verifySignature } from '@momo/contracts';
import { createTestCertificates, freePort, ReceiverAnswer, SeededMerchant, TestDnsServer, WebhookReceiver } from '@momo/testing';
import { DispatcherHarness } from '../testing/dispatcher-harness';

const HTTPS_HOST = 'hooks.merchant.test';
const TIMEOUT_MS = 1_000;

/**
 * Every delivery outcome against real local receivers, over plain HTTP and over HTTPS (a
 * certificate made now, trusted through the dispatcher's extra-CA setting, the host name resolved
 * by a local DNS server). The local-destination allowance is on here: the receivers are local.
 */
describe('webhook delivery outcomes', () => {
  let harness: DispatcherHarness;
  let dns: TestDnsServer;
  const receivers: WebhookReceiver[] = [];
  let tls: Awaited<ReturnType<typeof createTestCertificates>>;

  beforeAll(async () => {
    tls = await createTestCertificates([HTTPS_HOST]);
    const caFile = join(mkdtempSync(join(tmpdir(), 'webhook-ca-')), 'ca.pem');
    writeFileSync(caFile, tls.caPem);
    dns = await TestDnsServer.start();
    dns.set(HTTPS_HOST, '127.0.0.1');
    harness = await DispatcherHarness.start({
      WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback',
      WEBHOOK_DNS_SERVERS: dns.address,
      WEBHOOK_TLS_EXTRA_CA_FILE: caFile,
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    });
  });

  afterAll(async () => {
    await harness?.stop();
    await Promise.all(receivers.map((r) => r.close()));
    await dns?.close();
  });

  async function receiver(scheme: 'http' | 'https', answer: ReceiverAnswer | ((r: unknown) => ReceiverAnswer)): Promise<WebhookReceiver> {
    const r = await WebhookReceiver.start(0, scheme === 'https' ? { tls: { keyPem: tls.keyPem, certPem: tls.certPem }, hostname: HTTPS_HOST } : {});
    r.respondWith = typeof answer === 'function' ? answer : () => answer;
    receivers.push(r);
    return r;
  }

  async function deliverOnce(url: string) {
    const merchant: SeededMerchant = await harness.seedMerchant(url);
    const eventId = await harness.publishEvent(merchant);
    const delivery = await harness.deliveryOfEvent(eventId);
    const [attempt] = await harness.waitForAttempts(delivery.id, 1);
    return { merchant, delivery: await harness.delivery(delivery.id), attempt };
  }

  describe.each(['http', 'https'] as const)('over %s', (scheme) => {
    it.each([200, 201, 202, 204, 299])('is delivered, done, on %i', async (status) => {
      const r = await receiver(scheme, { status, body: 'thanks' });
      const { merchant, delivery, attempt } = await deliverOnce(r.url);
      expect(delivery).toMatchObject({ status: 'delivered', attemptCount: 1, nextAttemptAt: null, lastStatusCode: status });
      expect(attempt).toMatchObject({ attemptNumber: 1, statusCode: status, error: null, url: r.url, trigger: 'schedule' });
      if (status !== 204) expect(attempt.responseBody).toBe('thanks');

      // What arrived: a POST of the stored body, byte for byte, signed over those bytes.
      expect(r.received).toHaveLength(1);
      const request = r.received[0];
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.rawBody.toString('utf8')).toBe(delivery.body);
      expect(request.headers[EVENT_HEADER]).toBe('payment.succeeded');
      expect(request.headers[DELIVERY_HEADER]).toBe(delivery.id);
      expect(verifySignature(request.headers[SIGNATURE_HEADER] as string, request.rawBody, merchant.webhookSecret)).toMatchObject({ ok: true });
      const event = JSON.parse(request.rawBody.toString('utf8'));
      expect(event).toMatchObject({ type: 'payment.succeeded', data: { status: 'succeeded', app_id: merchant.appId } });
    });

    it.each([
      [301, 'moved'],
      [302, 'found'],
      [307, 'temporary redirect'],
      [308, 'permanent redirect'],
    ])('does not follow a %i redirect, and counts it as a failure to retry', async (status) => {
      const target = await receiver(scheme, 200);
      const r = await receiver(scheme, { status, headers: { location: target.url } });
      const { delivery, attempt } = await deliverOnce(r.url);
      expect(attempt).toMatchObject({ statusCode: status, error: 'redirect not followed' });
      expect(delivery.status).toBe('pending');
      expect(delivery.nextAttemptAt!.getTime() - attempt.startedAt.getTime()).toBe(30_000);
      expect(target.received).toHaveLength(0);
    });

    it.each([400, 401, 404, 410, 422, 500, 502, 503])('retries after %i, keeping the answer in the attempt log', async (status) => {
      const r = await receiver(scheme, { status, body: `no thanks ${status}` });
      const { delivery, attempt } = await deliverOnce(r.url);
      expect(attempt).toMatchObject({ statusCode: status, responseBody: `no thanks ${status}`, error: null });
      expect(delivery).toMatchObject({ status: 'pending', attemptCount: 1, lastStatusCode: status });
      expect(delivery.nextAttemptAt!.getTime() - attempt.startedAt.getTime()).toBe(30_000);
    });

    it('keeps at most 4096 bytes of a long answer', async () => {
      const r = await receiver(scheme, { status: 500, body: 'x'.repeat(100_000) });
      const { attempt } = await deliverOnce(r.url);
      expect(attempt.responseBody).toBe('x'.repeat(4_096));
    });

    it('gives up on a receiver that does not answer within the timeout, and retries', async () => {
      const r = await receiver(scheme, { status: 200, delayMs: TIMEOUT_MS * 4 });
      const { delivery, attempt } = await deliverOnce(r.url);
      expect(attempt).toMatchObject({ statusCode: null, error: 'timeout' });
      expect(attempt.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(attempt.durationMs).toBeLessThan(TIMEOUT_MS * 3);
      expect(delivery.status).toBe('pending');
    });

    it('retries when the connection is refused', async () => {
      const port = await freePort();
      const url = scheme === 'https' ? `https://${HTTPS_HOST}:${port}/webhooks` : `http://127.0.0.1:${port}/webhooks`;
      const { delivery, attempt } = await deliverOnce(url);
      expect(attempt).toMatchObject({ statusCode: null, error: 'connection refused' });
      expect(delivery).toMatchObject({ status: 'pending', lastStatusCode: null, lastError: 'connection refused' });
    });
  });

  it('refuses a certificate it does not trust', async () => {
    const other = await createTestCertificates([HTTPS_HOST]);
    const r = await WebhookReceiver.start(0, { tls: { keyPem: other.keyPem, certPem: other.certPem }, hostname: HTTPS_HOST });
    receivers.push(r);
    const { delivery, attempt } = await deliverOnce(r.url);
    expect(attempt.error).toMatch(/^tls error \(/);
    expect(delivery.status).toBe('pending');
    expect(r.received).toHaveLength(0);
  });

  it('refuses a certificate for another name', async () => {
    dns.set('other-name.merchant.test', '127.0.0.1');
    const r = await WebhookReceiver.start(0, { tls: { keyPem: tls.keyPem, certPem: tls.certPem }, hostname: 'other-name.merchant.test' });
    receivers.push(r);
    const { attempt } = await deliverOnce(r.url);
    expect(attempt.error).toMatch(/^tls error \(/);
    expect(r.received).toHaveLength(0);
  });
});
