import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { KeyPrincipal } from '@momo/data';
import { ApiGatewayConfig } from '../api-gateway.config';

/**
 * Authenticated keys by their hash, for AUTH_CACHE_TTL_MS from when they were read, least
 * recently used evicted first. `clear()` runs on every invalidation message; a read that
 * started before a clear must not put its (possibly stale) answer back, hence the generation.
 *
 * lru-cache keeps recency in preallocated arrays, so a hit leaves the table as it is. (A Map
 * reordered by delete and set on every hit reallocated its table, a fifth of what the gateway
 * promoted to its old generation under `GET`s: docs/performance.md, step 40.)
 */
@Injectable()
export class PrincipalCache {
  private readonly entries: LRUCache<string, KeyPrincipal> | undefined;
  private generation = 0;
  /** The reads in flight by key hash, each with the generation it began in. */
  private readonly reading = new Map<string, { generation: number; principal: Promise<KeyPrincipal | null> }>();

  constructor(config: ApiGatewayConfig) {
    if (config.AUTH_CACHE_TTL_MS > 0) {
      // ttlResolution 0: read the clock on each check rather than keep a timer to expire a cached reading.
      this.entries = new LRUCache({ max: config.AUTH_CACHE_MAX_ENTRIES, ttl: config.AUTH_CACHE_TTL_MS, ttlResolution: 0 });
    }
  }

  /**
   * The cached principal; or else the answer of the read in flight for the same key, if it began
   * since the last invalidation; or else a new read, whose answer is kept. Without the middle
   * case, when a busy key's entry expired every request arriving before the read returned started
   * a read of its own: at 4,000 requests a second each wanted a pool connection, the pool opened
   * new ones, Postgres started a backend for each, and requests stalled for half a second
   * (docs/performance.md, "Measured on 2026-12-07 (small hours)"). A key not found is not kept,
   * but requests with it at the same moment share one read. With the cache off
   * (AUTH_CACHE_TTL_MS 0) every call reads.
   */
  async getOrRead(keyHash: string, read: () => Promise<KeyPrincipal | null>): Promise<KeyPrincipal | null> {
    const entries = this.entries;
    if (!entries) return read();
    const cached = entries.get(keyHash);
    if (cached) return cached;
    const generation = this.generation;
    const inFlight = this.reading.get(keyHash);
    if (inFlight?.generation === generation) return inFlight.principal;
    const principal = read()
      .then((found) => {
        if (found && generation === this.generation) entries.set(keyHash, found);
        return found;
      })
      .finally(() => {
        if (this.reading.get(keyHash)?.principal === principal) this.reading.delete(keyHash);
      });
    this.reading.set(keyHash, { generation, principal });
    return principal;
  }

  clear(): void {
    this.generation++;
    this.entries?.clear();
  }
}
