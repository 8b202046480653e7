import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { AuditEntry, checkConsoleCredentials, ConsoleAccountsRepository, ConsoleOperator } from '@momo/data';
import { OperatorActionConfig } from './admin-cli.config';
import { AdminError } from './admin-session';
import { readPasswordFromStdin } from './read-stdin';

/** Where admin-cli actions show in the console's audit log (its "from" column). */
const AUDIT_SOURCE = { ip: null, userAgent: 'admin-cli' } as const;

/** The longest e-mail ledger adjustments can record (their proposed_by / decided_by columns). */
const MAX_RECORDED_EMAIL = 64;

export interface OperatorOptions {
  operator: string;
  passwordStdin?: boolean;
}

/** Adds `--operator <email>` and `--password-stdin` to a money command. */
export function withOperatorOptions(command: Command): Command {
  return command
    .requiredOption('--operator <email>', 'your on-call console account (admin-cli operator create --role operator)')
    .option('--password-stdin', 'read your console password from standard input (required; never pass it as an argument)');
}

/** Reads the password before anything else touches stdin; refuses a command run without it. */
export async function readOperatorPassword(options: OperatorOptions): Promise<string> {
  if (!options.passwordStdin) throw new AdminError('pipe your console password in with --password-stdin: money commands run as an authenticated console account');
  const password = await readPasswordFromStdin();
  // Nothing piped in is a mistake, not a guess: refused before it can count toward a lock-out.
  if (password.length === 0) throw new AdminError('no password on standard input (--password-stdin): pipe your console password in');
  return password;
}

/**
 * An on-call account proven by its password, with the console's own check (scrypt, lock-out), that
 * may move money: role operator, active, not locked. Each refusal is written to the console's
 * audit log; the caller writes the action's outcome with `audit`.
 */
export class AuthenticatedOperator {
  private constructor(
    readonly account: ConsoleOperator,
    private readonly accounts: ConsoleAccountsRepository,
  ) {}

  static async signIn(dataSource: DataSource, config: OperatorActionConfig, options: OperatorOptions, password: string, action: string, target: string | null): Promise<AuthenticatedOperator> {
    const accounts = new ConsoleAccountsRepository(dataSource);
    const email = options.operator.trim().slice(0, 200);
    const checked = await checkConsoleCredentials(accounts, email, password, { maxFailedSignIns: config.CONSOLE_MAX_FAILED_SIGN_INS, lockoutSeconds: config.CONSOLE_LOCKOUT_SECONDS });
    const refuse = async (operator: ConsoleOperator | undefined, reason: string, details: Record<string, unknown>, message: string): Promise<never> => {
      await accounts.audit({ operatorId: operator?.id ?? null, operatorEmail: operator?.email ?? email, action, target, outcome: 'denied', details: { reason, ...details }, ...AUDIT_SOURCE });
      throw new AdminError(message);
    };
    if (!checked.ok) {
      const locked = checked.reason === 'locked' || checked.lockedNow === true;
      // Like the console: "locked" is said, an unknown e-mail, a wrong password and a disabled account look alike.
      return refuse(checked.operator, checked.reason, { lockedNow: checked.lockedNow ?? false }, locked
        ? `sign-in refused for ${email}: the account is locked after repeated failed sign-ins (admin-cli operator unlock lifts it)`
        : `sign-in refused for ${email}: wrong e-mail or password, or the account is disabled`);
    }
    const { operator } = checked;
    if (operator.role !== 'operator') return refuse(operator, 'viewer role', {}, `${operator.email} is a ${operator.role}: only operator accounts may ${action}`);
    if (operator.email.length > MAX_RECORDED_EMAIL) return refuse(operator, 'e-mail too long to record', {}, `${operator.email} is longer than ${MAX_RECORDED_EMAIL} characters and cannot be recorded on ledger adjustments; use a shorter account e-mail`);
    return new AuthenticatedOperator(operator, accounts);
  }

  /** Who is recorded on the money records: the account's e-mail as stored (unique, case-insensitively). */
  get recordedAs(): string {
    return this.account.email;
  }

  audit(action: string, target: string | null, outcome: AuditEntry['outcome'], details: Record<string, unknown> = {}): Promise<void> {
    return this.accounts.audit({ operatorId: this.account.id, operatorEmail: this.account.email, action, target, outcome, details, ...AUDIT_SOURCE });
  }
}

/**
 * Runs one money action and writes its outcome to the console's audit log: `ok` with the target
 * it made or changed, or `failed` with the reason it was refused. A failed audit write fails the
 * command (the log must be complete), after the action itself committed.
 */
export async function audited<T>(
  by: AuthenticatedOperator,
  action: string,
  target: string,
  request: Record<string, unknown>,
  work: () => Promise<{ result: T; target?: string; details?: Record<string, unknown> }>,
): Promise<T> {
  let done: Awaited<ReturnType<typeof work>>;
  try {
    done = await work();
  } catch (error) {
    await by.audit(action, target, 'failed', { ...request, reason: error instanceof AdminError ? error.message : 'internal error' });
    throw error;
  }
  await by.audit(action, done.target ?? target, 'ok', { ...request, ...done.details });
  return done.result;
}
