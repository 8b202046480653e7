import type {} from '@fastify/cookie';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { DashboardMode, DashboardPermission } from '@momo/contracts';
import { DashboardUsersRepository } from '@momo/data';
import { ApiError } from '@momo/platform';
import { dashboardError } from '../http/dashboard-errors';
import { MerchantDashboardConfig } from '../merchant-dashboard.config';
import { PUBLIC_ROUTE, REQUIRED_PERMISSION } from './dashboard-context';
import { may } from './permissions';
import { tokenHash } from '@momo/domain';
import { CSRF_HEADER, SESSION_COOKIE, sameToken } from './session-tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every /dashboard-api request: the session cookie must name a live session; a request that
 * changes anything must carry that session's CSRF token in X-CSRF-Token; then the same account
 * rules as /v1 (a suspended merchant is refused; live mode needs a verified business, and the
 * user's live access), and the role must allow the action in the request's mode.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: DashboardUsersRepository,
    private readonly config: MerchantDashboardConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // Only the dashboard's API is behind sign-in (pages are public; what they show comes from the API).
    if (!request.url.startsWith('/dashboard-api/')) return true;
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) return true;
    const token = request.cookies?.[SESSION_COOKIE];
    if (!token) throw dashboardError('SIGN_IN_REQUIRED');
    const hash = tokenHash(token);
    const found = await this.users.touchSession(hash, this.config.SESSION_IDLE_MINUTES * 60_000, new Date());
    if (!found) throw dashboardError('SIGN_IN_REQUIRED');
    if (!SAFE_METHODS.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameToken(sent, found.session.csrfToken)) throw dashboardError('CSRF_TOKEN_INVALID');
    }
    const mode = modeParam(request);
    request.dashboard = {
      ...found,
      sessionTokenHash: hash,
      mode,
      ip: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 300) : null,
    };
    const permission = this.reflector.getAllAndOverride<DashboardPermission | undefined>(REQUIRED_PERMISSION, [context.getHandler(), context.getClass()]);
    // Reading who is signed in (and signing out) stays possible for a suspended account.
    if (mode === null && permission === undefined) return true;
    if (found.merchant.status === 'suspended') throw ApiError.of('ACCOUNT_SUSPENDED');
    if (mode === 'live') {
      if (!found.merchant.businessVerified) throw ApiError.of('BUSINESS_NOT_VERIFIED');
      if (!found.user.liveAccess) throw dashboardError('MODE_NOT_ALLOWED');
    }
    if (permission && !may(found.user.role, mode ?? 'test', permission)) throw dashboardError('ROLE_FORBIDDEN', { permission });
    return true;
  }
}

function modeParam(request: FastifyRequest): DashboardMode | null {
  const params = request.params as Record<string, string> | undefined;
  const mode = params?.mode;
  if (mode === undefined) return null;
  if (mode !== 'test' && mode !== 'live') throw ApiError.of('ROUTE_NOT_FOUND');
  return mode;
}
