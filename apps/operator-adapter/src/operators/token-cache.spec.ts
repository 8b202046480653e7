import type { Clock } from '@momo/platform';
import { lifetimeMsOf, TokenCache } from './token-cache';

/** A clock reading the test's own `now` (ms). */
const clockAt = (now: () => number): Clock => ({ now: () => new Date(now()) });

describe('TokenCache', () => {
  it('makes one token call for a burst of callers, and reuses the token until shortly before expiry', async () => {
    let now = 0;
    let fetches = 0;
    const cache = new TokenCache<'collection'>(async () => {
      fetches++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { token: `t${fetches}`, lifetimeMs: 3_600_000 };
    }, clockAt(() => now));
    expect(await Promise.all(Array.from({ length: 50 }, () => cache.token('collection')))).toEqual(Array(50).fill('t1'));
    now = 3_600_000 - 61_000;
    expect(await cache.token('collection')).toBe('t1');
    now = 3_600_000 - 59_000;
    expect(await cache.token('collection')).toBe('t2');
    cache.invalidate('collection');
    expect(await cache.token('collection')).toBe('t3');
    expect(fetches).toBe(3);
  });

  it('sends once more with a fresh token when the operator refuses the token, and only once', async () => {
    let fetches = 0;
    const cache = new TokenCache<'api'>(async () => ({ token: `t${++fetches}`, lifetimeMs: 3_600_000 }));
    const sentWith: string[] = [];
    const refusedToken = (status: number) => status === 401;
    expect(await cache.sendAuthorized('api', async (token) => (sentWith.push(token), token === 't1' ? 401 : 200), refusedToken)).toBe(200);
    expect(sentWith).toEqual(['t1', 't2']);
    expect(await cache.sendAuthorized('api', async (token) => (sentWith.push(token), 401), refusedToken)).toBe(401);
    expect(sentWith).toEqual(['t1', 't2', 't2', 't3']);
    expect(await cache.sendAuthorized('api', async (token) => (sentWith.push(token), 200), refusedToken)).toBe(200);
    expect(sentWith.at(-1)).toBe('t3');
  });

  it('refreshes short-lived tokens at half their life', async () => {
    let now = 0;
    let fetches = 0;
    const cache = new TokenCache<'api'>(async () => ({ token: `t${++fetches}`, lifetimeMs: 180_000 }), clockAt(() => now));
    await cache.token('api');
    now = 119_000;
    expect(await cache.token('api')).toBe('t1');
    now = 121_000;
    expect(await cache.token('api')).toBe('t2');
  });

  it('lets a failed refresh be retried by the next caller', async () => {
    let attempt = 0;
    const cache = new TokenCache<'api'>(async () => {
      if (++attempt === 1) throw new Error('down');
      return { token: 'ok', lifetimeMs: 180_000 };
    });
    await expect(cache.token('api')).rejects.toThrow('down');
    expect(await cache.token('api')).toBe('ok');
  });

  it('reads expires_in given as a number or a string', () => {
    expect(lifetimeMsOf(3600, 1)).toBe(3_600_000);
    expect(lifetimeMsOf('180', 1)).toBe(180_000);
    expect(lifetimeMsOf('soon', 180)).toBe(180_000);
  });
});
