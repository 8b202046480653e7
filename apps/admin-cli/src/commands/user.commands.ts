import { randomUUID } from 'node:crypto';
import { Command, Option } from 'commander';
import { DashboardRole, DashboardUsersRepository } from '@momo/data';
import { hashPassword, MIN_PASSWORD_LENGTH, newToken, tokenHash } from '@momo/domain';
import { loadConfig } from '@momo/platform';
import { DashboardUserAdminConfig } from '../admin-cli.config';
import { AdminError, output, withAdminSession } from '../admin-session';
import { uuidArgument } from './merchant.commands';

/**
 * `user …`: merchant dashboard users. The platform invites a merchant's first owner; owners invite
 * the rest in the dashboard. An invitation is a one-time link that lets the person set a password
 * (the link's token is stored only as a hash).
 */
export function userCommands(program: Command): void {
  const user = program.command('user').description("Invite and list a merchant's dashboard users.");

  user
    .command('invite')
    .description('Invite a dashboard user (the first owner of a merchant, usually): prints a one-time link to set a password.')
    .requiredOption('--merchant <merchantId>', 'the merchant')
    .requiredOption('--email <email>', 'their e-mail address (their sign-in name)')
    .addOption(new Option('--role <role>', 'owner, developer or viewer').choices(['owner', 'developer', 'viewer']).default('owner'))
    .option('--test-only', 'no access to live mode')
    .option('--password-stdin', 'development: read the password from standard input instead of making a link')
    .option('--json', 'print JSON')
    .action(async (options: { merchant: string; email: string; role: DashboardRole; testOnly?: boolean; passwordStdin?: boolean; json?: boolean }) => {
      const config = loadConfig(DashboardUserAdminConfig);
      const email = options.email.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminError(`"${options.email}" is not an e-mail address`);
      const password = options.passwordStdin ? (await readStdin()).replace(/\r?\n$/, '') : undefined;
      if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) throw new AdminError(`the password needs at least ${MIN_PASSWORD_LENGTH} characters`);
      await withAdminSession(config, async ({ merchants, dataSource }) => {
        const merchantId = uuidArgument(options.merchant);
        if (!(await merchants.findMerchant(merchantId))) throw new AdminError(`no merchant ${merchantId}`);
        const users = new DashboardUsersRepository(dataSource);
        const token = password === undefined ? newToken() : undefined;
        const expiresAt = token ? new Date(Date.now() + config.INVITE_VALID_HOURS * 3_600_000) : null;
        const id = randomUUID();
        const inserted = await users.insert({
          id,
          merchantId,
          email,
          name: '',
          role: options.role,
          liveAccess: !options.testOnly,
          passwordHash: password === undefined ? null : await hashPassword(password),
          inviteTokenHash: token ? tokenHash(token) : null,
          inviteExpiresAt: expiresAt,
          invitedBy: null,
        });
        if (!inserted) throw new AdminError(`a dashboard user ${email} already exists`);
        await users.audit({ merchantId, userId: null, actor: 'platform (admin-cli)', action: 'user.invited', target: id, details: { email, role: options.role } });
        const link = token ? `${config.PUBLIC_DASHBOARD_URL.replace(/\/+$/, '')}/accept-invite#token=${token}` : null;
        output(options.json, { user_id: id, email, role: options.role, invite_url: link, expires_at: expiresAt?.toISOString() ?? null }, [
          `dashboard user ${email} (${options.role}) created: ${id}`,
          link ? `one-time link to set a password (valid until ${expiresAt!.toISOString()}, shown once):\n  ${link}` : 'password set; they can sign in now',
        ]);
      });
    });

  user
    .command('list')
    .description("A merchant's dashboard users.")
    .requiredOption('--merchant <merchantId>', 'the merchant')
    .option('--json', 'print JSON')
    .action(async (options: { merchant: string; json?: boolean }) => {
      await withAdminSession(loadConfig(DashboardUserAdminConfig), async ({ dataSource }) => {
        const list = await new DashboardUsersRepository(dataSource).listOfMerchant(uuidArgument(options.merchant));
        const state = (u: (typeof list)[number]) => (u.disabledAt ? 'disabled' : u.passwordHash ? 'active' : 'invited');
        output(
          options.json,
          list.map((u) => ({ id: u.id, email: u.email, role: u.role, live_access: u.liveAccess, state: state(u) })),
          list.map((u) => `${u.id}  ${u.role.padEnd(9)} ${state(u).padEnd(8)} ${u.email}${u.liveAccess ? '' : '  (test only)'}`),
        );
      });
    });
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => (data += chunk));
    process.stdin.on('end', () => resolve(data));
    process.stdin.on('error', reject);
  });
}
