import type {} from '@fastify/cookie';
import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionView } from '@momo/contracts';
import { DashboardUserEntity, DashboardUsersRepository, MerchantsRepository } from '@momo/data';
import { AuditTrail } from '../audit/audit-trail';
import { dashboardError } from '../http/dashboard-errors';
import { DashboardRedis } from '../http/dashboard-redis';
import { MerchantDashboardConfig } from '../merchant-dashboard.config';
import { sessionView } from '../users/user.view';
import { DUMMY_HASH, newToken, tokenHash, verifyPassword } from '@momo/domain';
import { SESSION_COOKIE } from './session-tokens';

const ADDRESS_WINDOW_SECONDS = 15 * 60;

/**
 * Signing in: e-mail and password, checked in constant-ish time whether or not the address
 * exists; failures count per account (lock-out after SIGN_IN_MAX_FAILURES) and per client address
 * (throttled after SIGN_IN_MAX_FAILURES_PER_ADDRESS). A success starts a server-side session.
 */
@Injectable()
export class SignInService {
  private readonly logger = new Logger(SignInService.name);

  constructor(
    private readonly users: DashboardUsersRepository,
    private readonly merchants: MerchantsRepository,
    private readonly redis: DashboardRedis,
    private readonly audit: AuditTrail,
    private readonly config: MerchantDashboardConfig,
  ) {}

  async signIn(email: string, password: string, request: FastifyRequest, reply: FastifyReply): Promise<SessionView> {
    await this.refuseThrottledAddress(request.ip);
    const user = await this.users.findByEmail(email.trim());
    const usable = user && user.passwordHash && !user.disabledAt ? user : null;
    const matches = await verifyPassword(password, usable?.passwordHash ?? DUMMY_HASH);
    const context = { ip: request.ip, userAgent: userAgentOf(request) };
    if (usable && usable.lockedUntil && usable.lockedUntil.getTime() > Date.now()) {
      await this.audit.record({ ...context, user: usable }, 'sign_in.refused_locked');
      throw dashboardError('ACCOUNT_LOCKED', { locked_until: usable.lockedUntil.toISOString() });
    }
    if (!usable || !matches) {
      await this.countAddressFailure(request.ip);
      if (usable) {
        const lockedUntil = await this.users.recordFailedSignIn(usable.id, this.config.SIGN_IN_MAX_FAILURES, new Date(Date.now() + this.config.SIGN_IN_LOCK_MINUTES * 60_000));
        await this.audit.record({ ...context, user: usable }, 'sign_in.failed');
        if (lockedUntil && lockedUntil.getTime() > Date.now()) {
          await this.audit.record({ ...context, user: usable }, 'account.locked', { details: { locked_until: lockedUntil.toISOString() } });
          throw dashboardError('ACCOUNT_LOCKED', { locked_until: lockedUntil.toISOString() });
        }
      }
      throw dashboardError('SIGN_IN_FAILED');
    }
    await this.users.recordSignIn(usable.id);
    await this.audit.record({ ...context, user: usable }, 'sign_in.succeeded');
    return this.startSession(usable, request, reply);
  }

  /** A new session for this user: the cookie carries the token, Postgres only its hash. */
  async startSession(user: DashboardUserEntity, request: FastifyRequest, reply: FastifyReply): Promise<SessionView> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.config.SESSION_ABSOLUTE_HOURS * 3_600_000);
    const csrfToken = newToken();
    await this.users.createSession({ tokenHash: tokenHash(token), userId: user.id, csrfToken, ip: request.ip, userAgent: userAgentOf(request), expiresAt });
    void reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secureCookies(request),
      path: '/',
      expires: expiresAt,
    });
    const merchant = await this.merchants.findMerchant(user.merchantId);
    if (!merchant) throw new Error(`dashboard user ${user.id} has no merchant`);
    return sessionView(user, merchant, { csrfToken, expiresAt });
  }

  clearCookie(request: FastifyRequest, reply: FastifyReply): void {
    void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: this.secureCookies(request), path: '/' });
  }

  private secureCookies(request: FastifyRequest): boolean {
    if (this.config.COOKIE_SECURE !== 'auto') return this.config.COOKIE_SECURE === 'true';
    return this.config.NODE_ENV === 'production' || request.protocol === 'https';
  }

  private async refuseThrottledAddress(ip: string): Promise<void> {
    const count = await this.redis.client.get(this.redis.key('sign-in-failures', ip)).catch(() => null);
    if (count !== null && Number(count) >= this.config.SIGN_IN_MAX_FAILURES_PER_ADDRESS) {
      const ttl = await this.redis.client.ttl(this.redis.key('sign-in-failures', ip)).catch(() => ADDRESS_WINDOW_SECONDS);
      throw dashboardError('SIGN_IN_THROTTLED', undefined, Math.max(1, ttl));
    }
  }

  private async countAddressFailure(ip: string): Promise<void> {
    const key = this.redis.key('sign-in-failures', ip);
    try {
      await this.redis.client.multi().incr(key).expire(key, ADDRESS_WINDOW_SECONDS, 'NX').exec();
    } catch (error) {
      // The per-account lock-out in Postgres still holds while Redis is away.
      this.logger.warn({ err: (error as Error).message }, 'could not count a failed sign-in for its address');
    }
  }
}

export function userAgentOf(request: FastifyRequest): string | null {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent.slice(0, 300) : null;
}
