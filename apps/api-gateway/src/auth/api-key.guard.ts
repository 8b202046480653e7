import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ApiKeyKind, KeyPrincipal } from '@momo/data';
import { ApiError } from '@momo/platform';
import { KEY_KIND } from './key-kind.decorator';
import { Principal } from './principal';

/**
 * Every /v1 route: the request must carry a valid key (RequestAuthentication has checked it and
 * counted the request before the body was read), and the key must be allowed to do this.
 * Missing, malformed, unknown, revoked and mode-mismatched keys all get the same 401 (nothing to
 * learn by probing); a valid key that may not do this gets a 403 naming why.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const found = request.authenticatedKey;
    if (!found) throw ApiError.of('UNAUTHENTICATED');
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
}

function authorise(found: KeyPrincipal, accepted: ApiKeyKind[] | undefined): void {
  if (found.merchant.status === 'suspended') throw ApiError.of('ACCOUNT_SUSPENDED');
  if (found.key.mode === 'live' && !found.merchant.businessVerified) throw ApiError.of('BUSINESS_NOT_VERIFIED');
  if (accepted && !accepted.includes(found.key.kind)) {
    throw ApiError.of(found.key.kind === 'account' ? 'ACCOUNT_KEY_NOT_ALLOWED' : 'APP_KEY_NOT_ALLOWED');
  }
  if (found.app && found.app.status === 'disabled') throw ApiError.of('APP_DISABLED');
}
