import { Injectable } from '@nestjs/common';
import { KeyPrincipal } from '@momo/data';
import { ApiGatewayConfig } from '../api-gateway.config';

interface Entry {
  principal: KeyPrincipal;
  expiresAt: number;
}

/**
 * Authenticated keys by their hash, for AUTH_CACHE_TTL_MS, least recently used evicted first
 * (a Map keeps insertion order). `clear()` runs on every invalidation message; a lookup that
 * started before a clear must not put its (possibly stale) answer back, hence the generation.
 */
@Injectable()
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private generationCounter = 0;

  constructor(private readonly config: ApiGatewayConfig) {}

  get generation(): number {
    return this.generationCounter;
  }

  get(keyHash: string): KeyPrincipal | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    this.entries.delete(keyHash);
    if (entry.expiresAt <= Date.now()) return undefined;
    this.entries.set(keyHash, entry);
    return entry.principal;
  }

  set(keyHash: string, principal: KeyPrincipal, generation: number): void {
    if (generation !== this.generationCounter || this.config.AUTH_CACHE_TTL_MS === 0) return;
    this.entries.delete(keyHash);
    this.entries.set(keyHash, { principal, expiresAt: Date.now() + this.config.AUTH_CACHE_TTL_MS });
    while (this.entries.size > this.config.AUTH_CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.generationCounter++;
    this.entries.clear();
  }
}
