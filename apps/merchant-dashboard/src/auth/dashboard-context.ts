import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { DashboardMode, DashboardPermission } from '@momo/contracts';
import type { DashboardSessionEntity, DashboardUserEntity, MerchantEntity } from '@momo/data';

/** Who is signed in, and in which mode this request works. */
export interface DashboardContext {
  user: DashboardUserEntity;
  merchant: MerchantEntity;
  session: DashboardSessionEntity;
  sessionTokenHash: string;
  /** From the route's `:mode`; routes without one (users, audit log) have null. */
  mode: DashboardMode | null;
  ip: string;
  userAgent: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    dashboard?: DashboardContext;
  }
}

export const PUBLIC_ROUTE = 'dashboard:public';
export const REQUIRED_PERMISSION = 'dashboard:permission';

/** Reachable without a session (sign-in, accepting an invitation). */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE, true);

/** The role must allow this in the request's mode. */
export const Requires = (permission: DashboardPermission) => SetMetadata(REQUIRED_PERMISSION, permission);

export const Dashboard = createParamDecorator((_: unknown, context: ExecutionContext): DashboardContext => {
  const found = context.switchToHttp().getRequest<FastifyRequest>().dashboard;
  if (!found) throw new Error('Dashboard used on a route without the session guard');
  return found;
});

/** The mode of a mode-scoped route (the guard has checked it). */
export function modeOf(context: DashboardContext): DashboardMode {
  if (!context.mode) throw new Error('modeOf used on a route without :mode');
  return context.mode;
}
