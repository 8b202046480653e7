import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { KeyPrincipal, MerchantsRepository, ApiKeyKind } from '@momo/data';
import { hashApiKey, hashesEqual, parseApiKey } from '@momo/domain';
import { ApiError } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';
import { KEY_KIND } from './key-kind.decorator';
import { Principal } from './principal';

/**
 * Authenticates `Authorization: Bearer <key>`. Missing, malformed, unknown, revoked and
 * mode-mismatched keys all get the same 401 (nothing to learn by probing); a valid key that may
 * not do this gets a 403 naming why.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly merchants: MerchantsRepository,
    private readonly config: ApiGatewayConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const required = this.reflector.get<ApiKeyKind | undefined>(KEY_KIND, context.getHandler());
    const found = await this.authenticate(request.headers.authorization);
    if (!found) throw ApiError.of('UNAUTHENTICATED');
    authorise(found, required);
    request.principal = {
      keyId: found.key.id,
      kind: found.key.kind,
      mode: found.key.mode,
      merchantId: found.merchant.id,
      appId: found.app?.id ?? null,
    } satisfies Principal;
    return true;
  }

  private async authenticate(header: string | undefined): Promise<KeyPrincipal | null> {
    const key = /^Bearer ([^\s]+)$/.exec(header ?? '')?.[1];
    const parsed = key ? parseApiKey(key) : undefined;
    if (!key || !parsed) return null;
    const hash = hashApiKey(key, this.config.API_KEY_PEPPER);
    const found = await this.merchants.findPrincipalByKeyHash(hash);
    if (!found || !hashesEqual(found.key.keyHash, hash)) return null;
    if (found.key.revokedAt !== null) return null;
    if (found.key.mode !== parsed.mode || found.key.kind !== parsed.kind) return null;
    return found;
  }
}

function authorise(found: KeyPrincipal, required: ApiKeyKind | undefined): void {
  if (found.merchant.status === 'suspended') throw ApiError.of('ACCOUNT_SUSPENDED');
  if (found.key.mode === 'live' && !found.merchant.businessVerified) throw ApiError.of('BUSINESS_NOT_VERIFIED');
  if (required === 'app' && found.key.kind !== 'app') throw ApiError.of('ACCOUNT_KEY_NOT_ALLOWED');
  if (required === 'account' && found.key.kind !== 'account') throw ApiError.of('APP_KEY_NOT_ALLOWED');
  if (found.app && found.app.status === 'disabled') throw ApiError.of('APP_DISABLED');
}
