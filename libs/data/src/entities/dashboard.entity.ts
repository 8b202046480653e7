import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export const DASHBOARD_ROLES = ['owner', 'developer', 'viewer'] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

/** A member of a merchant's staff who signs in to the dashboard. */
@Entity('dashboard_users')
export class DashboardUserEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId!: string;
  /** Always lower case. */
  @Column('text') email!: string;
  @Column('text') name!: string;
  @Column('text') role!: DashboardRole;
  /** False: the user works in test mode only. */
  @Column('boolean', { name: 'live_access' }) liveAccess!: boolean;
  /** `scrypt$N$r$p$salt$hash`; null until the invitation is accepted. */
  @Column('text', { name: 'password_hash', nullable: true }) passwordHash!: string | null;
  /** SHA-256 of the one-time invitation token; null once used. */
  @Column('text', { name: 'invite_token_hash', nullable: true }) inviteTokenHash!: string | null;
  @Column('timestamptz', { name: 'invite_expires_at', nullable: true }) inviteExpiresAt!: Date | null;
  @Column('integer', { name: 'failed_sign_ins' }) failedSignIns!: number;
  @Column('timestamptz', { name: 'locked_until', nullable: true }) lockedUntil!: Date | null;
  @Column('timestamptz', { name: 'disabled_at', nullable: true }) disabledAt!: Date | null;
  @Column('uuid', { name: 'invited_by', nullable: true }) invitedBy!: string | null;
  @Column('timestamptz', { name: 'last_sign_in_at', nullable: true }) lastSignInAt!: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

/** A signed-in browser; the cookie holds the token, this table only its SHA-256. */
@Entity('dashboard_sessions')
export class DashboardSessionEntity {
  @PrimaryColumn('text', { name: 'token_hash' }) tokenHash!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @Column('text', { name: 'csrf_token' }) csrfToken!: string;
  @Column('text', { nullable: true }) ip!: string | null;
  @Column('text', { name: 'user_agent', nullable: true }) userAgent!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'last_seen_at' }) lastSeenAt!: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}

/** One change made in the dashboard (or to its users by the platform). */
@Entity('dashboard_audit_log')
export class DashboardAuditEntryEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId!: string;
  @Column('uuid', { name: 'user_id', nullable: true }) userId!: string | null;
  /** The user's e-mail address, or `platform` for the admin CLI. */
  @Column('text') actor!: string;
  @Column('text') action!: string;
  @Column('text', { nullable: true }) mode!: string | null;
  @Column('text', { nullable: true }) target!: string | null;
  @Column('jsonb') details!: Record<string, unknown>;
  @Column('text', { nullable: true }) ip!: string | null;
  @Column('text', { name: 'user_agent', nullable: true }) userAgent!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}
