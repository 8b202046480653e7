import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyKind, KeyPrincipal, MerchantsRepository } from '@momo/data';
import { hashApiKey, hashesEqual, parseApiKey } from '@momo/domain';
import { ApiError } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';
import { Budget, RateLimiter } from '../rate-limit/rate-limiter';
import { AuthInvalidations } from './auth-invalidations';
import { KEY_KIND, RATE_BUDGET } from './key-kind.decorator';
import { Principal } from './principal';
import { PrincipalCache } from './principal-cache';

/**
 * Every /v1 request: authenticate `Authorization: Bearer <key>`, count it against the key's
 * budget, then check the key may do this. Missing, malformed, unknown, revoked and
 * mode-mismatched keys all get the same 401 (nothing to learn by probing); a valid key that may
 * not do this gets a 403 naming why. Authentication costs one HMAC and a cache hit or one
 * indexed query; the stored hash is compared in constant time.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly merchants: MerchantsRepository,
    private readonly cache: PrincipalCache,
    private readonly invalidations: AuthInvalidations,
    private readonly limiter: RateLimiter,
    private readonly config: ApiGatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const found = await this.authenticate(request.headers.authorization);
    if (!found) throw ApiError.of('UNAUTHENTICATED');
    await this.countRequest(context, found, request, http.getResponse<FastifyReply>());
    authorise(found, this.reflector.getAllAndOverride<ApiKeyKind[] | undefined>(KEY_KIND, [context.getHandler(), context.getClass()]));
    request.principal = {
      keyId: found.key.id,
      kind: found.key.kind,
      mode: found.key.mode,
      merchantId: found.merchant.id,
      appId: found.app?.id ?? null,
      businessVerified: found.merchant.businessVerified,
    } satisfies Principal;
    return true;
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
    const trusted = this.invalidations.listening;
    if (trusted) {
      const cached = this.cache.get(hash);
      if (cached) return cached;
    }
    const generation = this.cache.generation;
    const found = await this.merchants.findPrincipalByKeyHash(hash);
    if (found && trusted) this.cache.set(hash, found, generation);
    return found;
  }

  /** Rate limit headers go on every authenticated response, errors included; over budget is a 429. */
  private async countRequest(context: ExecutionContext, found: KeyPrincipal, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const budget =
      this.reflector.getAllAndOverride<Budget | undefined>(RATE_BUDGET, [context.getHandler(), context.getClass()]) ??
      (request.method === 'GET' || request.method === 'HEAD' ? 'reads' : 'writes');
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

function authorise(found: KeyPrincipal, accepted: ApiKeyKind[] | undefined): void {
  if (found.merchant.status === 'suspended') throw ApiError.of('ACCOUNT_SUSPENDED');
  if (found.key.mode === 'live' && !found.merchant.businessVerified) throw ApiError.of('BUSINESS_NOT_VERIFIED');
  if (accepted && !accepted.includes(found.key.kind)) {
    throw ApiError.of(found.key.kind === 'account' ? 'ACCOUNT_KEY_NOT_ALLOWED' : 'APP_KEY_NOT_ALLOWED');
  }
  if (found.app && found.app.status === 'disabled') throw ApiError.of('APP_DISABLED');
}
