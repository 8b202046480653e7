import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { AuditEntryView, DashboardOk, DashboardUserView, InvitationView, InviteUserRequest, Page, UpdateUserRequest } from '@momo/contracts';
import { DASHBOARD_ROLES, DashboardRole, DashboardUsersRepository } from '@momo/data';
import { isUuid } from '@momo/money-requests';
import { ApiError } from '@momo/platform';
import { AuditTrail } from '../audit/audit-trail';
import { Dashboard, DashboardContext, Requires } from '../auth/dashboard-context';
import { dashboardError } from '../http/dashboard-errors';
import { MerchantDashboardConfig } from '../merchant-dashboard.config';
import { invitationUrl, newInvitation } from './invitations';
import { userView } from './user.view';

class InviteUserDto implements InviteUserRequest {
  @IsEmail({}, { message: 'email must be an e-mail address' }) @MaxLength(254)
  email!: string;

  @IsIn(DASHBOARD_ROLES)
  role!: DashboardRole;

  @IsOptional() @IsBoolean()
  live_access?: boolean;
}

class UpdateUserDto implements UpdateUserRequest {
  @IsOptional() @IsIn(DASHBOARD_ROLES)
  role?: DashboardRole;

  @IsOptional() @IsBoolean()
  live_access?: boolean;

  @IsOptional() @IsBoolean()
  disabled?: boolean;
}

class AuditQueryDto {
  @IsOptional() @IsString() @MaxLength(20)
  cursor?: string;
}

/** Owners manage their team (invite, change role or live access, disable) and read the audit log. */
@Controller('dashboard-api')
export class UsersController {
  constructor(
    private readonly users: DashboardUsersRepository,
    private readonly audit: AuditTrail,
    private readonly config: MerchantDashboardConfig,
  ) {}

  @Get('users')
  @Requires('manage_users')
  async list(@Dashboard() context: DashboardContext): Promise<DashboardOk<DashboardUserView[]>> {
    return { success: true, data: (await this.users.listOfMerchant(context.merchant.id)).map(userView) };
  }

  @Post('users')
  @Requires('manage_users')
  async invite(@Dashboard() context: DashboardContext, @Body() body: InviteUserDto, @Req() request: FastifyRequest): Promise<DashboardOk<InvitationView>> {
    const invitation = newInvitation(this.config.INVITE_VALID_HOURS);
    const id = randomUUID();
    const inserted = await this.users.insert({
      id,
      merchantId: context.merchant.id,
      email: body.email.trim(),
      name: '',
      role: body.role,
      liveAccess: body.live_access ?? true,
      passwordHash: null,
      inviteTokenHash: invitation.hash,
      inviteExpiresAt: invitation.expiresAt,
      invitedBy: context.user.id,
    });
    if (!inserted) throw dashboardError('EMAIL_TAKEN');
    const user = await this.users.findOfMerchant(id, context.merchant.id);
    await this.audit.record(context, 'user.invited', { target: id, details: { email: body.email.trim().toLowerCase(), role: body.role } });
    const base = this.config.PUBLIC_DASHBOARD_URL ?? `${request.protocol}://${request.host}`;
    return { success: true, data: { user: userView(user!), invite_url: invitationUrl(base, invitation.token), expires_at: invitation.expiresAt.toISOString() } };
  }

  @Patch('users/:id')
  @Requires('manage_users')
  async update(@Dashboard() context: DashboardContext, @Param('id') id: string, @Body() body: UpdateUserDto): Promise<DashboardOk<DashboardUserView>> {
    const existing = isUuid(id) ? await this.users.findOfMerchant(id, context.merchant.id) : null;
    if (!existing) throw ApiError.of('NOT_FOUND');
    const losesOwner = existing.role === 'owner' && !existing.disabledAt && ((body.role && body.role !== 'owner') || body.disabled === true);
    if (losesOwner && (await this.users.countActiveOwners(context.merchant.id)) <= 1) throw dashboardError('LAST_OWNER');
    const user = await this.users.updateRole(id, context.merchant.id, { role: body.role, liveAccess: body.live_access, disabled: body.disabled });
    if (!user) throw ApiError.of('NOT_FOUND');
    // New rights take effect at the next sign-in; fewer rights (or none) take effect now.
    await this.users.revokeSessionsOf(user.id);
    await this.audit.record(context, 'user.updated', { target: id, details: { ...body } });
    return { success: true, data: userView(user) };
  }

  @Get('audit-log')
  @Requires('read_audit')
  async auditLog(@Dashboard() context: DashboardContext, @Query() query: AuditQueryDto): Promise<DashboardOk<Page<AuditEntryView>>> {
    const limit = 50;
    const before = query.cursor && /^\d{1,18}$/.test(query.cursor) ? query.cursor : undefined;
    const rows = await this.users.auditLog(context.merchant.id, limit + 1, before);
    const page = rows.slice(0, limit);
    return {
      success: true,
      data: {
        data: page.map((e) => ({
          id: e.id,
          at: e.createdAt.toISOString(),
          actor: e.actor,
          action: e.action,
          mode: (e.mode as AuditEntryView['mode']) ?? null,
          target: e.target,
          details: e.details,
          ip: e.ip,
          user_agent: e.userAgent,
        })),
        next_cursor: rows.length > limit ? page[page.length - 1].id : null,
      },
    };
  }
}
