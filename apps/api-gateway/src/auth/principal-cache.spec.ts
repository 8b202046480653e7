import { setTimeout as sleep } from 'node:timers/promises';
import { KeyPrincipal } from '@momo/data';
import { loadConfig } from '@momo/platform';
import { TEST_API_KEY_PEPPER, TEST_SECRETS_KEY } from '@momo/testing';
import { ApiGatewayConfig } from '../api-gateway.config';
import { PrincipalCache } from './principal-cache';

/** The gateway's memory of authenticated keys: bounded in size and age, emptied by invalidations. */
describe('api-gateway: principal cache', () => {
  const cacheWith = (settings: { AUTH_CACHE_TTL_MS?: number; AUTH_CACHE_MAX_ENTRIES?: number }) =>
    new PrincipalCache(
      loadConfig(ApiGatewayConfig, {
        API_KEY_PEPPER: TEST_API_KEY_PEPPER,
        SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
        ...Object.fromEntries(Object.entries(settings).map(([name, value]) => [name, String(value)])),
      }),
    );
  const principal = (id: string) => ({ key: { id }, merchant: { id: `merchant-of-${id}` }, app: null }) as unknown as KeyPrincipal;

  it('answers a key it was given until its time is up, then forgets it', async () => {
    const cache = cacheWith({ AUTH_CACHE_TTL_MS: 150 });
    cache.set('hash-a', principal('a'), cache.generation);
    expect(cache.get('hash-a')?.key.id).toBe('a');
    expect(cache.get('hash-b')).toBeUndefined();
    await sleep(200);
    expect(cache.get('hash-a')).toBeUndefined();
  });

  it('when full, evicts the key used least recently, not the one set first', () => {
    const cache = cacheWith({ AUTH_CACHE_MAX_ENTRIES: 2 });
    cache.set('hash-a', principal('a'), cache.generation);
    cache.set('hash-b', principal('b'), cache.generation);
    expect(cache.get('hash-a')?.key.id).toBe('a');
    cache.set('hash-c', principal('c'), cache.generation);
    expect([cache.get('hash-a')?.key.id, cache.get('hash-b')?.key.id, cache.get('hash-c')?.key.id]).toEqual(['a', undefined, 'c']);
  });

  it('an invalidation empties it, and a lookup begun before the invalidation cannot put its answer back', () => {
    const cache = cacheWith({});
    cache.set('hash-a', principal('a'), cache.generation);
    const begunBefore = cache.generation;
    cache.clear();
    expect(cache.get('hash-a')).toBeUndefined();
    cache.set('hash-b', principal('b'), begunBefore);
    expect(cache.get('hash-b')).toBeUndefined();
    cache.set('hash-b', principal('b'), cache.generation);
    expect(cache.get('hash-b')?.key.id).toBe('b');
  });

  it('keeps nothing when AUTH_CACHE_TTL_MS is 0', () => {
    const cache = cacheWith({ AUTH_CACHE_TTL_MS: 0 });
    cache.set('hash-a', principal('a'), cache.generation);
    expect(cache.get('hash-a')).toBeUndefined();
  });
});
