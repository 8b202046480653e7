import { randomUUID } from 'node:crypto';
import { Command, Option } from 'commander';
import { DataSource } from 'typeorm';
import { CONSOLE_ROLES, ConsoleAccountsRepository, ConsoleRole, dataSourceOptions } from '@momo/data';
import { generatePassword, hashPassword, loadConfig, MIN_PASSWORD_LENGTH } from '@momo/platform';
import { DatabaseCliConfig } from '../admin-cli.config';
import { AdminError, output } from '../admin-session';
import { readPasswordFromStdin } from '../read-stdin';

/**
 * `operator …`: accounts for the on-call console (platform engineers, not merchants). A password
 * is generated and shown once unless one is piped in with --password-stdin.
 */
export function consoleOperatorCommands(program: Command): void {
  const operator = program.command('operator').description('On-call console accounts: create, list, disable, unlock.');

  operator
    .command('create')
    .description('Create a console account (or reset an existing one: new name, role and password, unlocked, enabled).')
    .requiredOption('--email <email>', 'sign-in e-mail')
    .requiredOption('--name <name>', 'display name')
    .addOption(new Option('--role <role>', 'viewer: looks only; operator: may retry jobs, replay webhooks, resolve exceptions, and propose/approve ledger adjustments and import operator reports in admin-cli').choices([...CONSOLE_ROLES]).default('viewer'))
    .option('--password-stdin', `read the password from standard input (at least ${MIN_PASSWORD_LENGTH} characters) instead of generating one`)
    .option('--json', 'print JSON')
    .action(async (options: { email: string; name: string; role: ConsoleRole; passwordStdin?: boolean; json?: boolean }) => {
      if (!/^[^\s@]+@[^\s@]+$/.test(options.email) || options.email.length > 200) throw new AdminError('--email must be an e-mail address');
      if (options.name.trim().length < 1 || options.name.length > 100) throw new AdminError('--name must be 1-100 characters');
      const password = options.passwordStdin ? await readPasswordFromStdin() : generatePassword();
      if (password.length < MIN_PASSWORD_LENGTH) throw new AdminError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      const created = await withAccounts((accounts) =>
        hashPassword(password).then((passwordHash) => accounts.upsertOperator({ id: randomUUID(), email: options.email, name: options.name.trim(), role: options.role, passwordHash })),
      );
      const shown = options.passwordStdin ? undefined : password;
      output(options.json, { id: created.id, email: created.email, role: created.role, ...(shown ? { password: shown } : {}) }, [
        `console account ${created.email} (${created.role}) ready`,
        ...(shown ? [`password (shown once): ${shown}`] : []),
      ]);
    });

  operator
    .command('list')
    .description('List console accounts.')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const all = await withAccounts((accounts) => accounts.list());
      const views = all.map((o) => ({ email: o.email, name: o.name, role: o.role, status: o.status, locked_until: o.lockedUntil, last_login_at: o.lastLoginAt }));
      output(options.json, views, views.map((v) => `${v.email.padEnd(32)} ${v.role.padEnd(9)} ${v.status.padEnd(9)} ${v.locked_until && v.locked_until > new Date() ? 'LOCKED ' : ''}${v.name}`));
    });

  operator
    .command('disable <email>')
    .description('Disable a console account and end its sessions.')
    .action(async (email: string) => {
      if (!(await withAccounts((accounts) => accounts.disable(email)))) throw new AdminError(`no console account ${email}`);
      output(false, null, [`${email} disabled; its sessions are ended`]);
    });

  operator
    .command('unlock <email>')
    .description('Lift a lock-out after repeated failed sign-ins.')
    .action(async (email: string) => {
      if (!(await withAccounts((accounts) => accounts.unlock(email)))) throw new AdminError(`no console account ${email}`);
      output(false, null, [`${email} unlocked`]);
    });
}

async function withAccounts<T>(work: (accounts: ConsoleAccountsRepository) => Promise<T>): Promise<T> {
  const config = loadConfig(DatabaseCliConfig);
  const dataSource = new DataSource(dataSourceOptions(config.DATABASE_URL, 2, 'admin-cli'));
  await dataSource.initialize();
  try {
    return await work(new ConsoleAccountsRepository(dataSource));
  } finally {
    await dataSource.destroy();
  }
}
