import { verifyPassword } from '@momo/platform';
import { ConsoleAccountsRepository, ConsoleOperator } from './console-accounts.repository';

/** Lock-out rules for console accounts; the console and admin-cli read them from the same settings. */
export interface LockoutRules {
  /** Failed checks in a row that lock an account... */
  maxFailedSignIns: number;
  /** ...for this long (`admin-cli operator unlock` lifts it early). */
  lockoutSeconds: number;
}

export const DEFAULT_LOCKOUT_RULES: LockoutRules = { maxFailedSignIns: 5, lockoutSeconds: 900 };

export type CredentialCheck =
  | { ok: true; operator: ConsoleOperator }
  | { ok: false; reason: 'unknown' | 'disabled' | 'locked' | 'wrong_password'; operator?: ConsoleOperator; lockedNow?: boolean };

/** A hash every unknown e-mail is checked against, so "no such account" takes as long as a wrong password. */
const DECOY_HASH = 'scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA==$' + Buffer.alloc(64).toString('base64');

/**
 * Checks a console account's e-mail and password: scrypt hash, disabled and locked accounts
 * refused, every wrong password counted toward the lock-out, a good one resets the count. The one
 * check behind both console sign-in and admin-cli's money commands.
 */
export async function checkConsoleCredentials(accounts: ConsoleAccountsRepository, email: string, password: string, rules: LockoutRules): Promise<CredentialCheck> {
  const operator = await accounts.findByEmail(email.trim());
  if (!operator) {
    await verifyPassword(password, DECOY_HASH);
    return { ok: false, reason: 'unknown' };
  }
  if (operator.status !== 'active') return { ok: false, reason: 'disabled', operator };
  if (operator.lockedUntil && operator.lockedUntil > new Date()) return { ok: false, reason: 'locked', operator };
  if (!(await verifyPassword(password, operator.passwordHash))) {
    const { locked } = await accounts.recordFailedSignIn(operator.id, rules.maxFailedSignIns, rules.lockoutSeconds);
    return { ok: false, reason: 'wrong_password', operator, lockedNow: locked };
  }
  await accounts.recordSignIn(operator.id);
  return { ok: true, operator };
}
