import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { checkConsoleCredentials, ConsoleAccountsRepository, ConsoleSession } from '@momo/data';
import { OpsConsoleConfig } from '../ops-console.config';

export type SignInResult =
  | { ok: true; token: string; session: ConsoleSession }
  | { ok: false; reason: 'unknown' | 'disabled' | 'locked' | 'wrong_password'; lockedNow?: boolean };

/**
 * Console sign-in: the shared credential check (scrypt, lock-out after repeated failures), server-side
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
    const checked = await checkConsoleCredentials(this.accounts, email, password, {
      maxFailedSignIns: this.config.CONSOLE_MAX_FAILED_SIGN_INS,
      lockoutSeconds: this.config.CONSOLE_LOCKOUT_SECONDS,
    });
    if (!checked.ok) return { ok: false, reason: checked.reason, lockedNow: checked.lockedNow };
    const { operator } = checked;
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
