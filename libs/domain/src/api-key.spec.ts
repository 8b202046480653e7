import { generateApiKey, hashApiKey, hashesEqual, keyHint, parseApiKey } from './api-key';

describe('API keys', () => {
  it('encodes kind and mode in the key and parses them back', () => {
    const key = generateApiKey('app', 'live');
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    expect(parseApiKey(key)).toEqual({ kind: 'app', mode: 'live' });
    expect(parseApiKey(generateApiKey('account', 'test'))).toEqual({ kind: 'account', mode: 'test' });
  });

  it.each(['', 'sk_test_', 'sk_prod_' + 'a'.repeat(40), 'pk_test_' + 'a'.repeat(40), 'sk_test_' + 'a'.repeat(20), 'sk_test_' + '!'.repeat(40)])(
    'does not take %p for a key',
    (candidate) => {
      expect(parseApiKey(candidate)).toBeUndefined();
    },
  );

  it('never generates the same key twice', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey('app', 'test')));
    expect(keys.size).toBe(1000);
  });

  it('hashes with the pepper: same key and pepper match, another pepper does not', () => {
    const key = generateApiKey('app', 'test');
    expect(hashesEqual(hashApiKey(key, 'p1'), hashApiKey(key, 'p1'))).toBe(true);
    expect(hashesEqual(hashApiKey(key, 'p1'), hashApiKey(key, 'p2'))).toBe(false);
    expect(hashApiKey(key, 'p1')).not.toContain(key.slice(8));
  });

  it('shows only a hint of the key', () => {
    expect(keyHint('sk_test_abcdefghijklmnopqrstuvwxyz0123456789ABCD')).toBe('sk_test_…ABCD');
  });
});
