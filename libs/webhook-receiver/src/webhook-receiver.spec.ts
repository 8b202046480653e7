import { signatureHeader } from '@momo/contracts';
import { createWebhookHandler, MemoryDeliveryLog, verifyWebhook, WebhookEvent } from './index';

const SECRET = 'whsec_merchant_secret';
const NOW = 1_800_000_000;
const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', created_at: '2027-01-15T08:00:00.000Z', data: { id: 'tx_1', status: 'succeeded', amount: 1500 } });
const headersFor = (raw: string | Buffer, options: { secrets?: string[]; t?: number; deliveryId?: string; type?: string } = {}) => ({
  'x-service-signature': signatureHeader(options.secrets ?? [SECRET], options.t ?? NOW, raw),
  'x-service-event': options.type ?? 'payment.succeeded',
  'x-service-delivery': options.deliveryId ?? 'dlv_1',
});

describe('verifyWebhook', () => {
  it('accepts the exact raw body and returns the parsed event', () => {
    const result = verifyWebhook({ rawBody: Buffer.from(body), headers: headersFor(body), secrets: SECRET, now: NOW });
    expect(result).toEqual({ ok: true, deliveryId: 'dlv_1', eventType: 'payment.succeeded', event: JSON.parse(body) });
  });

  it('refuses a body that was parsed and serialised again, or changed', () => {
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    expect(verifyWebhook({ rawBody: reserialised, headers: headersFor(body), secrets: SECRET, now: NOW })).toEqual({ ok: false, reason: 'signature_mismatch' });
    const tampered = body.replace('1500', '15000');
    expect(verifyWebhook({ rawBody: tampered, headers: headersFor(body), secrets: SECRET, now: NOW })).toEqual({ ok: false, reason: 'signature_mismatch' });
  });

  it('refuses a parsed object outright, so the mistake cannot pass silently', () => {
    expect(() => verifyWebhook({ rawBody: JSON.parse(body) as unknown as string, headers: headersFor(body), secrets: SECRET })).toThrow(/raw request body/);
  });

  it('refuses a signature more than five minutes old, or from the future', () => {
    expect(verifyWebhook({ rawBody: body, headers: headersFor(body, { t: NOW - 301 }), secrets: SECRET, now: NOW })).toEqual({ ok: false, reason: 'too_old' });
    expect(verifyWebhook({ rawBody: body, headers: headersFor(body, { t: NOW + 301 }), secrets: SECRET, now: NOW })).toEqual({ ok: false, reason: 'too_old' });
    expect(verifyWebhook({ rawBody: body, headers: headersFor(body, { t: NOW - 299 }), secrets: SECRET, now: NOW }).ok).toBe(true);
  });

  it('refuses a delivery of the other mode when the endpoint names its mode, however it is signed', () => {
    const live = JSON.stringify({ id: 'evt_2', type: 'payment.succeeded', data: { id: 'tx_2', mode: 'live', status: 'succeeded' } });
    const test = live.replace('"live"', '"test"');
    expect(verifyWebhook({ rawBody: live, headers: headersFor(live), secrets: SECRET, mode: 'live', now: NOW }).ok).toBe(true);
    expect(verifyWebhook({ rawBody: test, headers: headersFor(test), secrets: SECRET, mode: 'live', now: NOW })).toEqual({ ok: false, reason: 'wrong_mode' });
    // Without a mode, both verify: the secret alone decides.
    expect(verifyWebhook({ rawBody: test, headers: headersFor(test), secrets: SECRET, now: NOW }).ok).toBe(true);
  });

  it('works through a rotation: two v1 values, either secret verifies', () => {
    const headers = headersFor(body, { secrets: ['whsec_new', SECRET] });
    expect(verifyWebhook({ rawBody: body, headers, secrets: SECRET, now: NOW }).ok).toBe(true);
    expect(verifyWebhook({ rawBody: body, headers, secrets: 'whsec_new', now: NOW }).ok).toBe(true);
    // A receiver holding both secrets accepts deliveries signed with only one of them.
    expect(verifyWebhook({ rawBody: body, headers: headersFor(body, { secrets: ['whsec_new'] }), secrets: [SECRET, 'whsec_new'], now: NOW }).ok).toBe(true);
    expect(verifyWebhook({ rawBody: body, headers, secrets: 'whsec_other', now: NOW })).toEqual({ ok: false, reason: 'signature_mismatch' });
  });

  it('reads headers whatever their case, and from a fetch Headers object', () => {
    const upper = Object.fromEntries(Object.entries(headersFor(body)).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook({ rawBody: body, headers: upper, secrets: SECRET, now: NOW }).ok).toBe(true);
    expect(verifyWebhook({ rawBody: body, headers: new Headers(headersFor(body)), secrets: SECRET, now: NOW }).ok).toBe(true);
  });

  it.each([
    [{}, 'missing_signature'],
    [{ 'x-service-signature': 'garbage' }, 'malformed_signature'],
    [{ 'x-service-signature': signatureHeader([SECRET], NOW, body) }, 'missing_delivery_id'],
  ])('names what is wrong: %p -> %s', (headers, reason) => {
    expect(verifyWebhook({ rawBody: body, headers, secrets: SECRET, now: NOW })).toEqual({ ok: false, reason });
  });

  it('says so when a correctly signed body is not an event', () => {
    expect(verifyWebhook({ rawBody: 'not json', headers: headersFor('not json'), secrets: SECRET, now: NOW })).toEqual({ ok: false, reason: 'invalid_body' });
  });
});

describe('MemoryDeliveryLog', () => {
  it('remembers processed deliveries for the retention period, then forgets them', async () => {
    let now = 0;
    const log = new MemoryDeliveryLog(1_000, 10, () => now);
    expect(await log.begin('a')).toBe('new');
    expect(await log.begin('a')).toBe('busy');
    await log.complete('a');
    expect(await log.begin('a')).toBe('done');
    now = 1_001;
    expect(await log.begin('a')).toBe('new');
  });

  it('lets a failed delivery be processed again', async () => {
    const log = new MemoryDeliveryLog();
    expect(await log.begin('b')).toBe('new');
    await log.release('b');
    expect(await log.begin('b')).toBe('new');
  });

  it('keeps at most maxEntries, forgetting the oldest', async () => {
    const log = new MemoryDeliveryLog(60_000, 3);
    for (const id of ['1', '2', '3', '4']) {
      await log.begin(id);
      await log.complete(id);
    }
    expect(await log.begin('1')).toBe('new');
    expect(await log.begin('4')).toBe('done');
  });
});

describe('createWebhookHandler', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('processes a delivery once, however many copies arrive', async () => {
    const seen: WebhookEvent[] = [];
    const handle = createWebhookHandler({ secrets: SECRET, onEvent: async (event) => void seen.push(event) });
    const request = { rawBody: Buffer.from(body), headers: headersFor(body, { t: now() }) };
    expect(await handle(request)).toEqual({ status: 200, body: 'ok' });
    expect(await handle(request)).toEqual({ status: 200, body: 'duplicate' });
    expect(seen).toHaveLength(1);
  });

  it('answers 200 to unknown event types without processing them', async () => {
    const onEvent = jest.fn(async () => undefined);
    const handle = createWebhookHandler({ secrets: SECRET, onEvent });
    const future = JSON.stringify({ type: 'payment.disputed', data: { id: 'tx_9' } });
    expect(await handle({ rawBody: future, headers: headersFor(future, { t: now(), type: 'payment.disputed' }) })).toEqual({ status: 200, body: 'ignored' });
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('answers 500 when processing fails, and processes the next copy', async () => {
    let calls = 0;
    const handle = createWebhookHandler({
      secrets: SECRET,
      onEvent: async () => {
        calls++;
        if (calls === 1) throw new Error('database down');
      },
    });
    const request = { rawBody: body, headers: headersFor(body, { t: now(), deliveryId: 'dlv_retry' }) };
    expect((await handle(request)).status).toBe(500);
    expect((await handle(request)).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('answers 400 to anything it cannot verify', async () => {
    const handle = createWebhookHandler({ secrets: SECRET, onEvent: async () => undefined });
    expect(await handle({ rawBody: body, headers: headersFor(body, { t: now(), secrets: ['whsec_wrong'] }) })).toEqual({ status: 400, body: 'signature_mismatch' });
  });
});
