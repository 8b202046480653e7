import { redactBody, redactHeaders } from './operator-http.client';

describe('what the operator request log keeps', () => {
  it('drops secret headers', () => {
    expect(redactHeaders({ Authorization: 'Bearer abc', 'Ocp-Apim-Subscription-Key': 'k', 'X-Reference-Id': 'r' })).toEqual({
      Authorization: '[redacted]',
      'Ocp-Apim-Subscription-Key': '[redacted]',
      'X-Reference-Id': 'r',
    });
  });

  it('drops PINs, client secrets and tokens from bodies, at any depth', () => {
    const body = JSON.stringify({ client_id: 'c', client_secret: 's3cret', payee: { msisdn: '7' }, pin: 'ENC', nested: [{ access_token: 't' }] });
    const kept = redactBody(body);
    expect(JSON.parse(kept)).toEqual({ client_id: 'c', client_secret: '[redacted]', payee: { msisdn: '7' }, pin: '[redacted]', nested: [{ access_token: '[redacted]' }] });
    expect(kept).not.toMatch(/s3cret|ENC/);
  });

  it('finds a secret whatever the key spacing, case or escaping, and keeps bodies without one as sent', () => {
    expect(redactBody('{"amount":"1500", "PIN" :  "ENC"}')).not.toMatch(/ENC/);
    expect(redactBody('{"\\u0070in":"ENC"}')).not.toMatch(/ENC/);
    const plain = '{ "amount": "1500", "currency": "RWF", "externalId": "x", "pinned": "not a pin" }';
    expect(redactBody(plain)).toBe(plain);
  });

  it('keeps non-JSON bodies as text, bounded', () => {
    expect(redactBody('<html>oops</html>')).toBe('<html>oops</html>');
    expect(redactBody('x'.repeat(20_000))).toHaveLength(8_192);
  });
});
