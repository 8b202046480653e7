import type { DashboardMode, DashboardUserView, SessionView } from '@momo/contracts';
import type { DashboardSessionEntity, DashboardUserEntity, MerchantEntity } from '@momo/data';
import { permissionsOf } from '../auth/permissions';

export function userView(user: DashboardUserEntity): DashboardUserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    live_access: user.liveAccess,
    status: user.disabledAt ? 'disabled' : user.passwordHash ? 'active' : 'invited',
    last_sign_in_at: user.lastSignInAt ? user.lastSignInAt.toISOString() : null,
    created_at: user.createdAt.toISOString(),
  };
}

export function sessionView(user: DashboardUserEntity, merchant: MerchantEntity, session: Pick<DashboardSessionEntity, 'csrfToken' | 'expiresAt'>): SessionView {
  const modes: DashboardMode[] = merchant.businessVerified && user.liveAccess ? ['test', 'live'] : ['test'];
  return {
    user: userView(user),
    merchant: { id: merchant.id, name: merchant.name, business_verified: merchant.businessVerified, status: merchant.status },
    csrf_token: session.csrfToken,
    modes,
    permissions: { test: permissionsOf(user.role, 'test'), live: modes.includes('live') ? permissionsOf(user.role, 'live') : [] },
    expires_at: session.expiresAt.toISOString(),
  };
}
