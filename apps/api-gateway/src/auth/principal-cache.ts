import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { KeyPrincipal } from '@momo/data';
import { ApiGatewayConfig } from '../api-gateway.config';

/**
 * Authenticated keys by their hash, for AUTH_CACHE_TTL_MS from when they were read, least
 * recently used evicted first. `clear()` runs on every invalidation message; a lookup that
 * started before a clear must not put its (possibly stale) answer back, hence the generation.
 *
 * lru-cache keeps recency in preallocated arrays, so a hit leaves the table as it is. (A Map
 * reordered by delete and set on every hit reallocated its table, a fifth of what the gateway
 * promoted to its old generation under `GET`s: docs/performance.md, step 40.)
 */
@Injectable()
export class PrincipalCache {
  private readonly entries: LRUCache<string, KeyPrincipal> | undefined;
  private generationCounter = 0;

  constructor(config: ApiGatewayConfig) {
    if (config.AUTH_CACHE_TTL_MS > 0) {
      // ttlResolution 0: read the clock on each check rather than keep a timer to expire a cached reading.
      this.entries = new LRUCache({ max: config.AUTH_CACHE_MAX_ENTRIES, ttl: config.AUTH_CACHE_TTL_MS, ttlResolution: 0 });
    }
  }

  get generation(): number {
    return this.generationCounter;
  }

  get(keyHash: string): KeyPrincipal | undefined {
    return this.entries?.get(keyHash);
  }

  set(keyHash: string, principal: KeyPrincipal, generation: number): void {
    if (generation !== this.generationCounter) return;
    this.entries?.set(keyHash, principal);
  }

  clear(): void {
    this.generationCounter++;
    this.entries?.clear();
  }
}
