import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KeyPrincipal, MerchantsRepository } from '@momo/data';
import { hashApiKey, hashesEqual, parseApiKey } from '@momo/domain';
import { ApiError } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';
import { Budget, RateLimiter } from '../rate-limit/rate-limiter';
import { AuthInvalidations } from './auth-invalidations';
import { PrincipalCache } from './principal-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key's record when the request carried a valid key; null when it carried none or a bad one. */
    authenticatedKey?: KeyPrincipal | null;
  }
}

/**
 * The first thing every request meets, before its body is read: authenticate
 * `Authorization: Bearer <key>` and count the request against that key's budget, setting the
 * RateLimit headers. Doing it before parsing means every answer to a request with a valid key
 * carries the headers and counts (bad JSON, 413, 415, unknown routes and wrong methods
 * included), so malformed bodies cannot be sent for free, and an over-budget client is turned
 * away before its body costs anything. What the key may do is ApiKeyGuard's job, per route.
 * Authentication costs one HMAC and a cache hit or one indexed query; the stored hash is
 * compared in constant time.
 */
@Injectable()
export class RequestAuthentication {
  constructor(
    private readonly merchants: MerchantsRepository,
    private readonly cache: PrincipalCache,
    private readonly invalidations: AuthInvalidations,
    private readonly limiter: RateLimiter,
    private readonly config: ApiGatewayConfig,
  ) {}

  /** Runs `authenticateAndCount` on every request the gateway receives. */
  attachTo(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', async (request, reply) => this.authenticateAndCount(request, reply));
  }

  async authenticateAndCount(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const found = await this.authenticate(request.headers.authorization);
    request.authenticatedKey = found;
    if (found) await this.count(found, request, reply);
  }

  private async authenticate(header: unknown): Promise<KeyPrincipal | null> {
    const key = typeof header === 'string' ? /^Bearer ([!-~]{1,200})$/.exec(header)?.[1] : undefined;
    const parsed = key ? parseApiKey(key) : undefined;
    if (!key || !parsed) return null;
    const hash = hashApiKey(key, this.config.API_KEY_PEPPER);
    const found = await this.lookup(hash);
    if (!found || !hashesEqual(found.key.keyHash, hash)) return null;
    if (found.key.revokedAt !== null) return null;
    if (found.key.expiresAt !== null && found.key.expiresAt.getTime() <= Date.now()) return null;
    if (found.key.mode !== parsed.mode || found.key.kind !== parsed.kind) return null;
    return found;
  }

  private async lookup(hash: string): Promise<KeyPrincipal | null> {
    // While invalidations may be missed, nothing cached is trusted: each request reads its key.
    if (!this.invalidations.listening) return this.merchants.findPrincipalByKeyHash(hash);
    return this.cache.getOrRead(hash, () => this.merchants.findPrincipalByKeyHash(hash));
  }

  /** GET and HEAD are reads, everything else writes; over budget is a 429 that leaves no trace. */
  private async count(found: KeyPrincipal, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const budget: Budget = request.method === 'GET' || request.method === 'HEAD' ? 'reads' : 'writes';
    const limit =
      budget === 'reads'
        ? (found.merchant.readsPerMinute ?? this.config.RATE_LIMIT_READS_PER_MINUTE)
        : (found.merchant.writesPerMinute ?? this.config.RATE_LIMIT_WRITES_PER_MINUTE);
    const decision = await this.limiter.take(found.key.id, budget, limit);
    if (!decision) return;
    reply.header('RateLimit-Limit', String(decision.limit));
    reply.header('RateLimit-Remaining', String(decision.remaining));
    reply.header('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      throw new ApiError('RATE_LIMITED', undefined, { limited_by: 'api_key', budget, limit: decision.limit }, 429, decision.resetSeconds);
    }
  }
}
