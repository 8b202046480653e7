import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DashboardUsersRepository } from '@momo/data';
import type { DashboardContext } from '../auth/dashboard-context';

/** Records a change made in the dashboard: who, what, when (the row's time), from where. */
@Injectable()
export class AuditTrail {
  constructor(private readonly users: DashboardUsersRepository) {}

  record(
    context: Pick<DashboardContext, 'user' | 'ip' | 'userAgent'> & { mode?: DashboardContext['mode'] },
    action: string,
    what: { target?: string; details?: Record<string, unknown> } = {},
    em?: EntityManager,
  ): Promise<void> {
    return this.users.audit(
      {
        merchantId: context.user.merchantId,
        userId: context.user.id,
        actor: context.user.email,
        action,
        mode: context.mode ?? null,
        target: what.target ?? null,
        details: what.details ?? {},
        ip: context.ip,
        userAgent: context.userAgent,
      },
      em,
    );
  }
}
