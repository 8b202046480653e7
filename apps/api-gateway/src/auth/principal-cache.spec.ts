import { setTimeout as sleep } from 'node:timers/promises';
import { KeyPrincipal } from '@momo/data';
import { loadConfig } from '@momo/platform';
import { TEST_API_KEY_PEPPER, TEST_SECRETS_KEY } from '@momo/testing';
import { ApiGatewayConfig } from '../api-gateway.config';
import { PrincipalCache } from './principal-cache';

/** The gateway's memory of authenticated keys: bounded in size and age, emptied by invalidations, one read per key at a time. */
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

  /** Stands in for the database read: counts its calls per key and answers each key's principal (or none for `unknown`). */
  class Reads {
    readonly calls = new Map<string, number>();
    private readonly waiting: (() => void)[] = [];
    /** While held, reads wait until `release()`: the moment a busy key's read is in flight. */
    held = false;

    of(id: string, answer: KeyPrincipal | null = id === 'unknown' ? null : principal(id)): () => Promise<KeyPrincipal | null> {
      return async () => {
        this.calls.set(id, (this.calls.get(id) ?? 0) + 1);
        if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
        return answer;
      };
    }

    release(): void {
      this.held = false;
      this.waiting.splice(0).forEach((resume) => resume());
    }
  }

  it('answers a key it read until its time is up, then reads it again', async () => {
    const cache = cacheWith({ AUTH_CACHE_TTL_MS: 150 });
    const reads = new Reads();
    expect((await cache.getOrRead('hash-a', reads.of('a')))?.key.id).toBe('a');
    expect((await cache.getOrRead('hash-a', reads.of('a')))?.key.id).toBe('a');
    expect(reads.calls.get('a')).toBe(1);
    await sleep(200);
    await cache.getOrRead('hash-a', reads.of('a'));
    expect(reads.calls.get('a')).toBe(2);
  });

  it('reads a missing key once however many requests want it at that moment, and each gets the answer', async () => {
    const cache = cacheWith({});
    const reads = new Reads();
    reads.held = true;
    const answers = Array.from({ length: 500 }, () => cache.getOrRead('hash-a', reads.of('a')));
    const other = cache.getOrRead('hash-b', reads.of('b'));
    reads.release();

    expect((await Promise.all(answers)).map((found) => found?.key.id)).toEqual(Array(500).fill('a'));
    expect((await other)?.key.id).toBe('b');
    expect(Object.fromEntries(reads.calls)).toEqual({ a: 1, b: 1 });
  });

  it('shares a read of an unknown key among the requests of the moment, but keeps no answer for it', async () => {
    const cache = cacheWith({});
    const reads = new Reads();
    reads.held = true;
    const answers = [cache.getOrRead('hash-x', reads.of('unknown')), cache.getOrRead('hash-x', reads.of('unknown'))];
    reads.release();

    expect(await Promise.all(answers)).toEqual([null, null]);
    expect(await cache.getOrRead('hash-x', reads.of('unknown'))).toBeNull();
    expect(reads.calls.get('unknown')).toBe(2);
  });

  it('after an invalidation, neither joins a read begun before it nor keeps that read’s answer', async () => {
    const cache = cacheWith({});
    const reads = new Reads();
    reads.held = true;
    const begunBefore = cache.getOrRead('hash-a', reads.of('a', principal('before-revocation')));
    cache.clear();
    const begunAfter = cache.getOrRead('hash-a', reads.of('a', principal('after-revocation')));
    reads.release();

    expect((await begunBefore)?.key.id).toBe('before-revocation');
    expect((await begunAfter)?.key.id).toBe('after-revocation');
    expect(reads.calls.get('a')).toBe(2);
    expect((await cache.getOrRead('hash-a', reads.of('a')))?.key.id).toBe('after-revocation');
    expect(reads.calls.get('a')).toBe(2);
  });

  it('passes a failed read to everyone waiting on it, and reads again on the next request', async () => {
    const cache = cacheWith({});
    let calls = 0;
    const failing = async (): Promise<KeyPrincipal | null> => {
      calls++;
      await sleep(5);
      throw new Error('connection terminated');
    };
    const answers = await Promise.allSettled([cache.getOrRead('hash-a', failing), cache.getOrRead('hash-a', failing)]);

    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    expect((await cache.getOrRead('hash-a', async () => principal('a')))?.key.id).toBe('a');
  });

  it('when full, evicts the key used least recently, not the one read first', async () => {
    const cache = cacheWith({ AUTH_CACHE_MAX_ENTRIES: 2 });
    const reads = new Reads();
    await cache.getOrRead('hash-a', reads.of('a'));
    await cache.getOrRead('hash-b', reads.of('b'));
    await cache.getOrRead('hash-a', reads.of('a'));
    await cache.getOrRead('hash-c', reads.of('c'));
    await cache.getOrRead('hash-a', reads.of('a'));
    await cache.getOrRead('hash-b', reads.of('b'));

    expect(Object.fromEntries(reads.calls)).toEqual({ a: 1, b: 2, c: 1 });
  });

  it('keeps nothing and shares nothing when AUTH_CACHE_TTL_MS is 0: every call reads', async () => {
    const cache = cacheWith({ AUTH_CACHE_TTL_MS: 0 });
    const reads = new Reads();
    await Promise.all([cache.getOrRead('hash-a', reads.of('a')), cache.getOrRead('hash-a', reads.of('a'))]);
    await cache.getOrRead('hash-a', reads.of('a'));

    expect(reads.calls.get('a')).toBe(3);
  });
});
