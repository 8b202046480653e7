import { nationalNumber, parseMsisdn } from './msisdn';

describe('parseMsisdn', () => {
  it.each([
    ['0788123456', '250788123456', 'mtn'],
    ['+250788123456', '250788123456', 'mtn'],
    ['250798123456', '250798123456', 'mtn'],
    ['0722123456', '250722123456', 'airtel'],
    ['+250731234567', '250731234567', 'airtel'],
  ])('reads %s as %s on %s', (input, msisdn, network) => {
    expect(parseMsisdn(input)).toEqual({ ok: true, msisdn, network });
  });

  it.each(['0758123456', '0748123456', '250768123456', '0712345678'])('refuses %s: not a supported network', (input) => {
    expect(parseMsisdn(input)).toEqual({ ok: false, reason: 'unsupported_network' });
  });

  it.each(['', '078812345', '07881234567', '+256788123456', '0788 123 456', '0788-123456', 'abc', 788123456, null, undefined])(
    'refuses %p: not a Rwandan wallet number',
    (input) => {
      expect(parseMsisdn(input)).toEqual({ ok: false, reason: 'format' });
    },
  );

  it('drops the country code for Airtel', () => {
    expect(nationalNumber('250722123456')).toBe('722123456');
  });
});
