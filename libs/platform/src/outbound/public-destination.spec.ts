import { checkDestinationUrl, isAllowedAddress, resolvePublicAddresses } from './public-destination';

const strict = { allowLoopback: false };
const dev = { allowLoopback: true };

describe('public destinations', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '192.0.2.10', '198.51.100.1', '203.0.113.9', '198.18.0.1', '240.0.0.1',
    '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', '2002:7f00:1::1', '64:ff9b::a00:1',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, strict)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '41.186.0.1', '2a00:1450:4001:80b::200e'])('accepts public %s', (address) => {
    expect(isAllowedAddress(address, strict)).toBe(true);
  });

  it('allows loopback, and only loopback, in the development allowance', () => {
    expect(isAllowedAddress('127.0.0.1', dev)).toBe(true);
    expect(isAllowedAddress('::1', dev)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', dev)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', dev)).toBe(false);
  });

  it('requires https without credentials', () => {
    expect(checkDestinationUrl('https://example.com/hook', strict).ok).toBe(true);
    expect(checkDestinationUrl('http://example.com/hook', strict)).toEqual({ ok: false, reason: 'must use https' });
    expect(checkDestinationUrl('https://user:pw@example.com/', strict).ok).toBe(false);
    expect(checkDestinationUrl('ftp://example.com/', strict).ok).toBe(false);
    expect(checkDestinationUrl('not a url', strict).ok).toBe(false);
  });

  it.each(['https://2130706433/', 'https://0177.0.0.1/', 'https://0x7f.1/', 'https://127.1/', 'https://[::ffff:7f00:1]/', 'https://[::1]/'])(
    'sees through the notation of %s',
    async (raw) => {
      const url = checkDestinationUrl(raw, strict);
      expect(url.ok).toBe(true);
      if (url.ok) expect(await resolvePublicAddresses(url.url, strict)).toMatchObject({ ok: false });
    },
  );

  it('resolves names and refuses one that points at loopback', async () => {
    const url = new URL('https://localhost/hook');
    expect(await resolvePublicAddresses(url, strict)).toMatchObject({ ok: false });
  });
});
