import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConsoleAccountsRepository, ConsoleSession } from '@momo/data';
import { verifyPassword } from '@momo/platform';
import { OpsConsoleConfig } from '../ops-console.config';

export type SignInResult =
  | { ok: true; token: string; session: ConsoleSession }
  | { ok: false; reason: 'unknown' | 'disabled' | 'locked' | 'wrong_password'; lockedNow?: boolean };

/** A hash every unknown e-mail is checked against, so "no such account" takes as long as a wrong password. */
const DECOY_HASH = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA==$' + Buffer.alloc(64).toString('base64');

/**
 * Console sign-in: scrypt-checked passwords, lock-out after repeated failures, server-side
 * sessions (the cookie holds a random token; Postgres holds only its SHA-256), one CSRF token
 * per session.
 */
@Injectable()
export class ConsoleSessions {
  constructor(
    private readonly accounts: ConsoleAccountsRepository,
    private readonly config: OpsConsoleConfig,
  ) {}

  async signIn(email: string, password: string, from: { ip: string | null; userAgent: string | null }): Promise<SignInResult> {
    const operator = await this.accounts.findByEmail(email.trim());
    if (!operator) {
      await verifyPassword(password, DECOY_HASH);
      return { ok: false, reason: 'unknown' };
    }
    if (operator.status !== 'active') return { ok: false, reason: 'disabled' };
    if (operator.lockedUntil && operator.lockedUntil > new Date()) return { ok: false, reason: 'locked' };
    if (!(await verifyPassword(password, operator.passwordHash))) {
      const { locked } = await this.accounts.recordFailedSignIn(operator.id, this.config.CONSOLE_MAX_FAILED_SIGN_INS, this.config.CONSOLE_LOCKOUT_SECONDS);
      return { ok: false, reason: 'wrong_password', lockedNow: locked };
    }
    await this.accounts.recordSignIn(operator.id);
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    await this.accounts.createSession({
      tokenHash: tokenHash(token),
      operatorId: operator.id,
      csrfToken,
      ip: from.ip,
      userAgent: from.userAgent,
      ttlSeconds: this.config.CONSOLE_SESSION_TTL_SECONDS,
    });
    return { ok: true, token, session: { operator, csrfToken, expiresAt: new Date(Date.now() + this.config.CONSOLE_SESSION_TTL_SECONDS * 1000) } };
  }

  resolve(token: string): Promise<ConsoleSession | null> {
    return this.accounts.findSession(tokenHash(token));
  }

  signOut(token: string): Promise<void> {
    return this.accounts.deleteSession(tokenHash(token));
  }
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
