import type {} from '@fastify/cookie';
import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DashboardOk, SessionView } from '@momo/contracts';
import { DashboardUsersRepository } from '@momo/data';
import { AuditTrail } from '../audit/audit-trail';
import { dashboardError } from '../http/dashboard-errors';
import { MerchantDashboardConfig } from '../merchant-dashboard.config';
import { sessionView } from '../users/user.view';
import { Dashboard, DashboardContext, PublicRoute } from './dashboard-context';
import { hashPassword, tokenHash } from '@momo/domain';
import { AcceptInviteDto, SignInDto } from './session.dto';
import { SESSION_COOKIE } from './session-tokens';
import { SignInService, userAgentOf } from './sign-in.service';

/** Signing in and out, and accepting an invitation (which signs the new user in). */
@Controller('dashboard-api')
export class SessionController {
  constructor(
    private readonly signIns: SignInService,
    private readonly users: DashboardUsersRepository,
    private readonly audit: AuditTrail,
    private readonly config: MerchantDashboardConfig,
  ) {}

  @Post('session')
  @PublicRoute()
  @HttpCode(200)
  async signIn(@Body() body: SignInDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<DashboardOk<SessionView>> {
    return { success: true, data: await this.signIns.signIn(body.email, body.password, request, reply) };
  }

  /**
   * Who is signed in, or null: a page asks this before anything else, and "nobody" is an answer,
   * not an error (so a signed-out browser shows the sign-in page without a failed request).
   */
  @Get('session')
  @PublicRoute()
  async current(@Req() request: FastifyRequest): Promise<DashboardOk<SessionView | null>> {
    const token = request.cookies?.[SESSION_COOKIE];
    const found = token ? await this.users.touchSession(tokenHash(token), this.config.SESSION_IDLE_MINUTES * 60_000, new Date()) : null;
    return { success: true, data: found ? sessionView(found.user, found.merchant, found.session) : null };
  }

  @Delete('session')
  @HttpCode(200)
  async signOut(@Dashboard() context: DashboardContext, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<DashboardOk<{ signed_out: number }>> {
    await this.users.revokeSession(context.sessionTokenHash);
    await this.audit.record(context, 'sign_out');
    this.signIns.clearCookie(request, reply);
    return { success: true, data: { signed_out: 1 } };
  }

  /** Ends every session of this user, on every device (this one too). */
  @Post('session/sign-out-everywhere')
  @HttpCode(200)
  async signOutEverywhere(@Dashboard() context: DashboardContext, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<DashboardOk<{ signed_out: number }>> {
    const count = await this.users.revokeSessionsOf(context.user.id);
    await this.audit.record(context, 'sign_out_everywhere', { details: { sessions: count } });
    this.signIns.clearCookie(request, reply);
    return { success: true, data: { signed_out: count } };
  }

  @Post('invitations/accept')
  @PublicRoute()
  @HttpCode(200)
  async acceptInvitation(@Body() body: AcceptInviteDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<DashboardOk<SessionView>> {
    const user = await this.users.acceptInvitation(tokenHash(body.token), await hashPassword(body.password), body.name?.trim() || undefined, new Date());
    if (!user) throw dashboardError('INVITATION_INVALID');
    await this.audit.record({ user, ip: request.ip, userAgent: userAgentOf(request) }, 'invitation.accepted');
    return { success: true, data: await this.signIns.startSession(user, request, reply) };
  }
}
