import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DashboardAuditEntryEntity, DashboardRole, DashboardSessionEntity, DashboardUserEntity, MerchantEntity } from '../entities';
import { hydrate, queryRows } from './hydrate';
import type { Table } from '../ownership';

export interface NewDashboardUser {
  id: string;
  merchantId: string;
  email: string;
  name: string;
  role: DashboardRole;
  liveAccess: boolean;
  /** Set for a user created with a password (development seed); otherwise an invitation. */
  passwordHash: string | null;
  inviteTokenHash: string | null;
  inviteExpiresAt: Date | null;
  invitedBy: string | null;
}

export interface NewAuditEntry {
  merchantId: string;
  userId: string | null;
  actor: string;
  action: string;
  mode?: string | null;
  target?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
}

export interface SessionWithUser {
  session: DashboardSessionEntity;
  user: DashboardUserEntity;
  merchant: MerchantEntity;
}

/** dashboard_users, dashboard_sessions, dashboard_audit_log: owned by merchant-dashboard (and the admin CLI's invitations). */
@Injectable()
export class DashboardUsersRepository {
  static readonly writes: readonly Table[] = ['dashboard_users', 'dashboard_sessions', 'dashboard_audit_log'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findByEmail(email: string): Promise<DashboardUserEntity | null> {
    return this.dataSource.manager.findOneBy(DashboardUserEntity, { email: email.toLowerCase() });
  }

  async findOfMerchant(id: string, merchantId: string): Promise<DashboardUserEntity | null> {
    return this.dataSource.manager.findOneBy(DashboardUserEntity, { id, merchantId });
  }

  async listOfMerchant(merchantId: string): Promise<DashboardUserEntity[]> {
    return this.dataSource.manager.find(DashboardUserEntity, { where: { merchantId }, order: { createdAt: 'ASC' } });
  }

  /** Inserts a user; false when the e-mail address is already taken. */
  async insert(user: NewDashboardUser, em: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = await queryRows(
      em,
      `INSERT INTO dashboard_users (id, merchant_id, email, name, role, live_access, password_hash, invite_token_hash, invite_expires_at, invited_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (email) DO NOTHING RETURNING id`,
      [user.id, user.merchantId, user.email.toLowerCase(), user.name, user.role, user.liveAccess, user.passwordHash, user.inviteTokenHash, user.inviteExpiresAt, user.invitedBy],
    );
    return rows.length === 1;
  }

  /** Development seed: the demo owner gets this password (and role) whatever it had. */
  async upsertWithPassword(user: NewDashboardUser): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO dashboard_users (id, merchant_id, email, name, role, live_access, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role,
         failed_sign_ins = 0, locked_until = NULL, disabled_at = NULL, updated_at = now()`,
      [user.id, user.merchantId, user.email.toLowerCase(), user.name, user.role, user.liveAccess, user.passwordHash],
    );
  }

  /** A new one-time invitation for a user who has not set a password yet (the old link stops working). */
  async renewInvitation(id: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource.manager,
      `UPDATE dashboard_users SET invite_token_hash = $2, invite_expires_at = $3, updated_at = now()
        WHERE id = $1 AND password_hash IS NULL RETURNING id`,
      [id, tokenHash, expiresAt],
    );
    return rows.length === 1;
  }

  /** Uses an invitation once: sets the password and forgets the token. Null when the token is unknown, used or expired. */
  async acceptInvitation(tokenHash: string, passwordHash: string, name: string | undefined, now: Date): Promise<DashboardUserEntity | null> {
    const em = this.dataSource.manager;
    const rows = await queryRows(
      em,
      `UPDATE dashboard_users SET password_hash = $2, name = COALESCE($3, name), invite_token_hash = NULL, invite_expires_at = NULL,
              failed_sign_ins = 0, locked_until = NULL, updated_at = now()
        WHERE invite_token_hash = $1 AND invite_expires_at > $4 AND disabled_at IS NULL RETURNING *`,
      [tokenHash, passwordHash, name ?? null, now],
    );
    return rows.length ? hydrate(em, DashboardUserEntity, rows[0]) : null;
  }

  /**
   * Counts a failed sign-in; at `maxFailures` in a row the account locks until `lockUntil` and the
   * count starts again. Returns the user's lock time after this failure.
   */
  async recordFailedSignIn(id: string, maxFailures: number, lockUntil: Date): Promise<Date | null> {
    const rows = await queryRows(
      this.dataSource.manager,
      `UPDATE dashboard_users
          SET failed_sign_ins = CASE WHEN failed_sign_ins + 1 >= $2 THEN 0 ELSE failed_sign_ins + 1 END,
              locked_until = CASE WHEN failed_sign_ins + 1 >= $2 THEN $3 ELSE locked_until END
        WHERE id = $1 RETURNING locked_until`,
      [id, maxFailures, lockUntil],
    );
    const value = rows[0]?.locked_until;
    return value ? new Date(value as string) : null;
  }

  async recordSignIn(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE dashboard_users SET failed_sign_ins = 0, locked_until = NULL, last_sign_in_at = now() WHERE id = $1`, [id]);
  }

  async updateRole(id: string, merchantId: string, patch: { role?: DashboardRole; liveAccess?: boolean; disabled?: boolean }): Promise<DashboardUserEntity | null> {
    const em = this.dataSource.manager;
    const rows = await queryRows(
      em,
      `UPDATE dashboard_users SET role = COALESCE($3, role), live_access = COALESCE($4, live_access),
              disabled_at = CASE WHEN $5::boolean IS NULL THEN disabled_at WHEN $5 THEN COALESCE(disabled_at, now()) ELSE NULL END,
              updated_at = now()
        WHERE id = $1 AND merchant_id = $2 RETURNING *`,
      [id, merchantId, patch.role ?? null, patch.liveAccess ?? null, patch.disabled ?? null],
    );
    return rows.length ? hydrate(em, DashboardUserEntity, rows[0]) : null;
  }

  async countActiveOwners(merchantId: string): Promise<number> {
    const rows: { n: string }[] = await this.dataSource.query(
      `SELECT count(*) AS n FROM dashboard_users WHERE merchant_id = $1 AND role = 'owner' AND disabled_at IS NULL`,
      [merchantId],
    );
    return Number(rows[0].n);
  }

  // Sessions

  async createSession(s: Pick<DashboardSessionEntity, 'tokenHash' | 'userId' | 'csrfToken' | 'ip' | 'userAgent' | 'expiresAt'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO dashboard_sessions (token_hash, user_id, csrf_token, ip, user_agent, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [s.tokenHash, s.userId, s.csrfToken, s.ip, s.userAgent, s.expiresAt],
    );
  }

  /**
   * The live session of this token with its user and merchant, and marks it seen. A session is
   * live until revoked, past its absolute expiry, or idle longer than `idleMs`.
   */
  async touchSession(tokenHash: string, idleMs: number, now: Date): Promise<SessionWithUser | null> {
    const em = this.dataSource.manager;
    const rows = await queryRows(
      em,
      `WITH s AS (
         UPDATE dashboard_sessions SET last_seen_at = $3
          WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $3 AND last_seen_at > $3 - make_interval(secs => $2::double precision / 1000)
          RETURNING *)
       SELECT row_to_json(s) AS session, row_to_json(u) AS "user", row_to_json(m) AS merchant
         FROM s JOIN dashboard_users u ON u.id = s.user_id JOIN merchants m ON m.id = u.merchant_id
        WHERE u.disabled_at IS NULL`,
      [tokenHash, idleMs, now],
    );
    if (rows.length === 0) return null;
    const revive = (row: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /_at$|_until$/.test(k) ? new Date(v) : v]));
    return {
      session: hydrate(em, DashboardSessionEntity, revive(rows[0].session as Record<string, unknown>)),
      user: hydrate(em, DashboardUserEntity, revive(rows[0].user as Record<string, unknown>)),
      merchant: hydrate(em, MerchantEntity, revive(rows[0].merchant as Record<string, unknown>)),
    };
  }

  async revokeSession(tokenHash: string): Promise<void> {
    await this.dataSource.query(`UPDATE dashboard_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`, [tokenHash]);
  }

  /** Sign out everywhere (and what disabling a user or changing their role does). */
  async revokeSessionsOf(userId: string): Promise<number> {
    const rows = await queryRows(this.dataSource.manager, `UPDATE dashboard_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING token_hash`, [userId]);
    return rows.length;
  }

  async purgeExpiredSessions(olderThan: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM dashboard_sessions WHERE expires_at < $1 OR revoked_at < $1`, [olderThan]);
  }

  // Audit log

  async audit(entry: NewAuditEntry, em: EntityManager = this.dataSource.manager): Promise<void> {
    await em.query(
      `INSERT INTO dashboard_audit_log (merchant_id, user_id, actor, action, mode, target, details, ip, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [entry.merchantId, entry.userId, entry.actor, entry.action, entry.mode ?? null, entry.target ?? null, JSON.stringify(entry.details ?? {}), entry.ip ?? null, entry.userAgent ?? null],
    );
  }

  /** Newest first, before the id of the previous page's last entry. */
  async auditLog(merchantId: string, limit: number, beforeId?: string): Promise<DashboardAuditEntryEntity[]> {
    const em = this.dataSource.manager;
    const rows = await queryRows(
      em,
      `SELECT * FROM dashboard_audit_log WHERE merchant_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint) ORDER BY id DESC LIMIT $3`,
      [merchantId, beforeId ?? null, limit],
    );
    return rows.map((row) => hydrate(em, DashboardAuditEntryEntity, row));
  }
}
