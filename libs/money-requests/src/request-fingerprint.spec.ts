import { canonicalJson, IDEMPOTENCY_KEY_PATTERN, requestFingerprint } from './request-fingerprint';

describe('requestFingerprint', () => {
  it('ignores key order and whitespace but not values', () => {
    const a = requestFingerprint('POST /v1/payments', JSON.parse('{"amount": 100, "metadata": {"b": "2", "a": "1"}}'));
    const b = requestFingerprint('POST /v1/payments', JSON.parse('{"metadata":{"a":"1","b":"2"},"amount":100}'));
    expect(a).toBe(b);
    expect(requestFingerprint('POST /v1/payments', { amount: 101 })).not.toBe(requestFingerprint('POST /v1/payments', { amount: 100 }));
  });

  it('tells operations apart', () => {
    expect(requestFingerprint('POST /v1/payouts', { amount: 100 })).not.toBe(requestFingerprint('POST /v1/payments', { amount: 100 }));
  });

  it('treats a missing body as an empty object', () => {
    expect(requestFingerprint('POST /x', undefined)).toBe(requestFingerprint('POST /x', {}));
    expect(canonicalJson([1, { b: null, a: 'x' }])).toBe('[1,{"a":"x","b":null}]');
  });

  it('accepts visible ASCII keys up to 255 characters', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test('order-1001:attempt')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('a'.repeat(255))).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('a'.repeat(256))).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('has space')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('é')).toBe(false);
  });
});
