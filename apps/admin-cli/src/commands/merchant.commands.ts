import { randomUUID } from 'node:crypto';
import { Command, InvalidArgumentError, Option } from 'commander';
import { MerchantEntity, MerchantPatch } from '@momo/data';
import { DEFAULT_FEE_SCHEDULE, Direction, FeeRule, feeRuleProblems, issueApiKey } from '@momo/domain';
import { loadConfig } from '@momo/platform';
import { KeyAdminConfig, MerchantAdminConfig } from '../admin-cli.config';
import { AdminError, output, withAdminSession } from '../admin-session';

/** `merchant …`: onboarding and managing merchants (accounts). */
export function merchantCommands(program: Command): void {
  const merchant = program.command('merchant').description('Create, verify, suspend merchants; set their budgets and fees.');

  merchant
    .command('create')
    .description('Create a merchant and its first account key (test mode; shown once).')
    .requiredOption('--name <name>', 'business name (1-200 characters)')
    .option('--json', 'print JSON')
    .action(async (options: { name: string; json?: boolean }) => {
      const config = loadConfig(KeyAdminConfig);
      if (options.name.length < 1 || options.name.length > 200) throw new AdminError('--name must be 1-200 characters');
      await withAdminSession(config, async ({ merchants, dataSource }) => {
        const id = randomUUID();
        const key = issueApiKey('account', 'test', config.API_KEY_PEPPER);
        await dataSource.transaction(async (em) => {
          await merchants.upsertMerchant({ id, name: options.name, businessVerified: false, status: 'active' }, em);
          await merchants.insertKey({ id: randomUUID(), merchantId: id, appId: null, kind: 'account', mode: 'test', keyHash: key.keyHash, keyHint: key.keyHint }, em);
        });
        output(options.json, { merchant_id: id, account_key: key.key }, [
          `merchant ${id} created (not verified, active)`,
          `account key (test, shown once): ${key.key}`,
        ]);
      });
    });

  merchant
    .command('list')
    .description('List merchants.')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withAdminSession(loadConfig(MerchantAdminConfig), async ({ merchants }) => {
        const all = await merchants.listMerchants();
        output(options.json, all.map(merchantView), all.map((m) => `${m.id}  ${m.status.padEnd(9)} ${m.businessVerified ? 'verified  ' : 'unverified'}  ${m.name}`));
      });
    });

  merchant
    .command('show <merchantId>')
    .description('Show one merchant with its budgets and fee schedule.')
    .option('--json', 'print JSON')
    .action(async (merchantId: string, options: { json?: boolean }) => {
      await withAdminSession(loadConfig(MerchantAdminConfig), async ({ merchants }) => {
        const found = await merchants.findMerchant(uuidArgument(merchantId));
        if (!found) throw new AdminError(`no merchant ${merchantId}`);
        const view = merchantView(found);
        output(options.json, view, Object.entries(view).map(([k, v]) => `${k.padEnd(18)} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`));
      });
    });

  const change = (name: string, description: string, patch: MerchantPatch) =>
    merchant
      .command(`${name} <merchantId>`)
      .description(description)
      .option('--json', 'print JSON')
      .action(async (merchantId: string, options: { json?: boolean }) => updateMerchant(merchantId, patch, `${name}`, options.json));

  change('verify', 'Mark the business verified: its live keys start working.', { businessVerified: true });
  change('unverify', 'Withdraw verification: its live keys get 403 at once.', { businessVerified: false });
  change('suspend', 'Suspend the account: every key gets 403 ACCOUNT_SUSPENDED at once.', { status: 'suspended' });
  change('activate', 'Lift a suspension.', { status: 'active' });

  merchant
    .command('budgets <merchantId>')
    .description('Set per-key rate budgets per minute for this merchant ("default" restores the platform defaults: 600 reads, 120 writes).')
    .option('--reads <n|default>', 'reads per minute per key', budgetArgument)
    .option('--writes <n|default>', 'writes per minute per key', budgetArgument)
    .option('--json', 'print JSON')
    .action(async (merchantId: string, options: { reads?: Budget; writes?: Budget; json?: boolean }) => {
      if (options.reads === undefined && options.writes === undefined) throw new AdminError('give --reads and/or --writes');
      const value = (budget?: Budget) => (budget === 'default' ? null : budget);
      await updateMerchant(merchantId, { readsPerMinute: value(options.reads), writesPerMinute: value(options.writes) }, 'budgets', options.json);
    });

  merchant
    .command('fees <merchantId>')
    .description('Set the fee rule for one direction (collect = cash in, payout = cash out and refunds), or --reset to the defaults (docs/fees.md).')
    .addOption(new Option('--direction <direction>', 'which transactions the rule applies to').choices(['collect', 'payout']))
    .option('--percent <percent>', 'percentage of the amount, up to two decimals (1.5 = 1.5 %)', percentArgument)
    .option('--fixed <rwf>', 'fixed part per transaction', wholeArgument, 0)
    .option('--min <rwf>', 'lowest fee', wholeArgument, 0)
    .option('--max <rwf>', 'highest fee (no cap when omitted)', wholeArgument)
    .option('--reset', 'back to the default schedule for both directions')
    .option('--json', 'print JSON')
    .action(async (merchantId: string, options: { direction?: Direction; percent?: number; fixed: number; min: number; max?: number; reset?: boolean; json?: boolean }) => {
      if (options.reset) return updateMerchant(merchantId, { feeSchedule: null }, 'fees', options.json);
      if (!options.direction || options.percent === undefined) throw new AdminError('give --direction and --percent (or --reset)');
      const rule: FeeRule = { percentBps: options.percent, fixed: options.fixed, min: options.min, max: options.max ?? null };
      const problems = feeRuleProblems(rule);
      if (problems.length) throw new AdminError(problems.join('; '));
      const config = loadConfig(MerchantAdminConfig);
      await withAdminSession(config, async ({ merchants }) => {
        const current = await merchants.findMerchant(uuidArgument(merchantId));
        if (!current) throw new AdminError(`no merchant ${merchantId}`);
        const schedule = { ...(current.feeSchedule ?? DEFAULT_FEE_SCHEDULE), [options.direction!]: rule };
        const updated = await merchants.updateMerchant(current.id, { feeSchedule: schedule });
        output(options.json, merchantView(updated!), [`fees of ${current.id}: ${JSON.stringify(schedule)}`]);
      });
    });
}

async function updateMerchant(merchantId: string, patch: MerchantPatch, what: string, json?: boolean): Promise<void> {
  await withAdminSession(loadConfig(MerchantAdminConfig), async (session) => {
    const updated = await session.merchants.updateMerchant(uuidArgument(merchantId), patch);
    if (!updated) throw new AdminError(`no merchant ${merchantId}`);
    await session.invalidateAuth(`merchant ${what}`, updated.id);
    const view = merchantView(updated);
    output(json, view, [`merchant ${updated.id}: ${updated.status}, ${updated.businessVerified ? 'verified' : 'not verified'}, reads/min ${view.reads_per_minute}, writes/min ${view.writes_per_minute}`]);
  });
}

function merchantView(m: MerchantEntity) {
  return {
    id: m.id,
    name: m.name,
    status: m.status,
    business_verified: m.businessVerified,
    reads_per_minute: m.readsPerMinute ?? 'default',
    writes_per_minute: m.writesPerMinute ?? 'default',
    fee_schedule: m.feeSchedule ?? 'default',
    created_at: m.createdAt.toISOString(),
  };
}

export function uuidArgument(value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new AdminError(`"${value}" is not an id (UUID)`);
  return value.toLowerCase();
}

type Budget = number | 'default';

/** "default" rather than null: commander turns a parser's null into an empty string. */
function budgetArgument(value: string): Budget {
  if (value === 'default') return 'default';
  if (!/^\d{1,7}$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('a whole number of requests per minute (at least 1), or "default"');
  return Number(value);
}

function wholeArgument(value: string): number {
  if (!/^\d{1,12}$/.test(value)) throw new InvalidArgumentError('a whole, non-negative number of RWF');
  return Number(value);
}

/** "1.5" -> 150 basis points. */
function percentArgument(value: string): number {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) throw new InvalidArgumentError('a percentage with at most two decimals, e.g. 1.5');
  return Math.round(Number(value) * 100);
}
