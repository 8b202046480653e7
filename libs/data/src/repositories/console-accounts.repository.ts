import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryRows } from './hydrate';
import type { Table } from '../ownership';

export const CONSOLE_ROLES = ['viewer', 'operator'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export interface ConsoleOperator {
  id: string;
  email: string;
  name: string;
  role: ConsoleRole;
  status: 'active' | 'disabled';
  passwordHash: string;
  failedLogins: number;
  lockedUntil: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
}

export interface ConsoleSession {
  operator: ConsoleOperator;
  csrfToken: string;
  expiresAt: Date;
}

export interface AuditEntry {
  operatorId: string | null;
  operatorEmail: string;
  action: string;
  target?: string | null;
  details?: Record<string, unknown>;
  outcome: 'ok' | 'denied' | 'failed';
  ip?: string | null;
  userAgent?: string | null;
}

export interface AuditRecord extends Required<Omit<AuditEntry, 'details'>> {
  id: string;
  details: Record<string, unknown>;
  at: Date;
}

/**
 * The on-call console's accounts, sessions and audit log (written by ops-console and admin-cli).
 * Console operators are not merchants and share nothing with merchant accounts or keys.
 */
@Injectable()
export class ConsoleAccountsRepository {
  static readonly writes: readonly Table[] = ['console_operators', 'console_sessions', 'console_audit_log'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Creates an account, or (same e-mail) replaces its name, role and password and re-enables it. */
  async upsertOperator(o: { id: string; email: string; name: string; role: ConsoleRole; passwordHash: string }): Promise<ConsoleOperator> {
    const rows = await queryRows(
      this.dataSource.manager,
      `INSERT INTO console_operators (id, email, name, role, password_hash) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (lower(email)) DO UPDATE
         SET name = EXCLUDED.name, role = EXCLUDED.role, password_hash = EXCLUDED.password_hash,
             status = 'active', failed_logins = 0, locked_until = NULL, updated_at = now()
       RETURNING *`,
      [o.id, o.email, o.name, o.role, o.passwordHash],
    );
    return toOperator(rows[0]);
  }

  async findByEmail(email: string): Promise<ConsoleOperator | null> {
    const rows = await queryRows(this.dataSource.manager, `SELECT * FROM console_operators WHERE lower(email) = lower($1)`, [email]);
    return rows.length ? toOperator(rows[0]) : null;
  }

  async list(): Promise<ConsoleOperator[]> {
    const rows = await queryRows(this.dataSource.manager, `SELECT * FROM console_operators ORDER BY lower(email)`);
    return rows.map(toOperator);
  }

  /** Disables an account and ends its sessions; false if there is no such account. */
  async disable(email: string): Promise<boolean> {
    return this.dataSource.transaction(async (em) => {
      const rows = await queryRows(em, `UPDATE console_operators SET status = 'disabled', updated_at = now() WHERE lower(email) = lower($1) RETURNING id`, [email]);
      if (rows.length === 0) return false;
      await em.query(`DELETE FROM console_sessions WHERE operator_id = $1`, [rows[0].id]);
      return true;
    });
  }

  /** Lifts a lock-out early. */
  async unlock(email: string): Promise<boolean> {
    const rows = await queryRows(
      this.dataSource.manager,
      `UPDATE console_operators SET failed_logins = 0, locked_until = NULL, updated_at = now() WHERE lower(email) = lower($1) RETURNING id`,
      [email],
    );
    return rows.length === 1;
  }

  /**
   * Counts a failed sign-in; the `maxFailures`-th in a row locks the account for `lockSeconds`.
   * One statement, so concurrent guesses cannot slip past the count.
   */
  async recordFailedSignIn(id: string, maxFailures: number, lockSeconds: number): Promise<{ locked: boolean }> {
    const rows = await queryRows(
      this.dataSource.manager,
      `UPDATE console_operators
          SET failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END,
              locked_until = CASE WHEN failed_logins + 1 >= $2 THEN now() + make_interval(secs => $3) ELSE locked_until END,
              updated_at = now()
        WHERE id = $1
        RETURNING locked_until > now() AS locked`,
      [id, maxFailures, lockSeconds],
    );
    return { locked: rows[0]?.locked === true };
  }

  async recordSignIn(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE console_operators SET failed_logins = 0, locked_until = NULL, last_login_at = now() WHERE id = $1`, [id]);
  }

  async createSession(s: { tokenHash: string; operatorId: string; csrfToken: string; ip: string | null; userAgent: string | null; ttlSeconds: number }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO console_sessions (token_hash, operator_id, csrf_token, ip, user_agent, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
      [s.tokenHash, s.operatorId, s.csrfToken, s.ip, s.userAgent?.slice(0, 300) ?? null, s.ttlSeconds],
    );
  }

  /** The live session of that token hash, with its (active) operator. */
  async findSession(tokenHash: string): Promise<ConsoleSession | null> {
    const rows = await queryRows(
      this.dataSource.manager,
      `SELECT o.*, s.csrf_token, s.expires_at AS session_expires_at
         FROM console_sessions s JOIN console_operators o ON o.id = s.operator_id
        WHERE s.token_hash = $1 AND s.expires_at > now() AND o.status = 'active'`,
      [tokenHash],
    );
    if (!rows.length) return null;
    return { operator: toOperator(rows[0]), csrfToken: rows[0].csrf_token as string, expiresAt: rows[0].session_expires_at as Date };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM console_sessions WHERE token_hash = $1 OR expires_at < now()`, [tokenHash]);
  }

  async audit(entry: AuditEntry): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO console_audit_log (operator_id, operator_email, action, target, details, outcome, ip, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [entry.operatorId, entry.operatorEmail, entry.action, entry.target ?? null, JSON.stringify(entry.details ?? {}), entry.outcome, entry.ip ?? null, entry.userAgent?.slice(0, 300) ?? null],
    );
  }

  async recentAudit(limit: number): Promise<AuditRecord[]> {
    const rows = await queryRows(this.dataSource.manager, `SELECT * FROM console_audit_log ORDER BY at DESC, id DESC LIMIT $1`, [limit]);
    return rows.map((r) => ({
      id: String(r.id),
      operatorId: r.operator_id as string | null,
      operatorEmail: r.operator_email as string,
      action: r.action as string,
      target: r.target as string | null,
      details: r.details as Record<string, unknown>,
      outcome: r.outcome as AuditRecord['outcome'],
      ip: r.ip as string | null,
      userAgent: r.user_agent as string | null,
      at: r.at as Date,
    }));
  }
}

function toOperator(r: Record<string, unknown>): ConsoleOperator {
  return {
    id: r.id as string,
    email: r.email as string,
    name: r.name as string,
    role: r.role as ConsoleRole,
    status: r.status as ConsoleOperator['status'],
    passwordHash: r.password_hash as string,
    failedLogins: r.failed_logins as number,
    lockedUntil: r.locked_until as Date | null,
    lastLoginAt: r.last_login_at as Date | null,
    createdAt: r.created_at as Date,
  };
}
