import { computeSignature, signatureHeader, verifySignature } from './signature';

describe('webhook signatures', () => {
  const body = '{"type":"payment.succeeded","data":{"id":"x","amount":100}}';
  const now = 1_800_000_000;

  it('matches the spec: hex HMAC-SHA256 over "t.rawBody"', () => {
    const { createHmac } = require('node:crypto') as typeof import('node:crypto');
    const expected = createHmac('sha256', 'whsec_1').update(`${now}.${body}`).digest('hex');
    expect(computeSignature('whsec_1', now, body)).toBe(expected);
    expect(signatureHeader(['whsec_1'], now, body)).toBe(`t=${now},v1=${expected}`);
  });

  it('verifies the exact bytes and nothing else', () => {
    const header = signatureHeader(['whsec_1'], now, body);
    expect(verifySignature(header, body, 'whsec_1', { now })).toEqual({ ok: true, timestamp: now });
    expect(verifySignature(header, Buffer.from(body), 'whsec_1', { now })).toEqual({ ok: true, timestamp: now });
    const reserialised = JSON.stringify(JSON.parse(body), null, 1);
    expect(verifySignature(header, reserialised, 'whsec_1', { now })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature(header, body, 'whsec_2', { now })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('rejects timestamps more than five minutes away', () => {
    const header = signatureHeader(['whsec_1'], now - 301, body);
    expect(verifySignature(header, body, 'whsec_1', { now })).toEqual({ ok: false, reason: 'too_old' });
    expect(verifySignature(signatureHeader(['whsec_1'], now - 299, body), body, 'whsec_1', { now }).ok).toBe(true);
  });

  it('accepts any of several v1 values, so a secret can be rotated without downtime', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], now, body);
    expect(verifySignature(header, body, 'whsec_old', { now }).ok).toBe(true);
    expect(verifySignature(header, body, 'whsec_new', { now }).ok).toBe(true);
  });

  it.each([undefined, '', 't=abc,v1=00', 'v1=' + 'a'.repeat(64), `t=${now}`, `t=${now},v1=zz`])('calls %p malformed', (header) => {
    expect(verifySignature(header, body, 'whsec_1', { now })).toEqual({ ok: false, reason: 'malformed' });
  });
});
