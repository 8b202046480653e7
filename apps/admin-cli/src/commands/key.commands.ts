import { randomUUID } from 'node:crypto';
import { Command, InvalidArgumentError, Option } from 'commander';
import { ApiKeyEntity } from '@momo/data';
import { issueApiKey, KeyKind, Mode } from '@momo/domain';
import { loadConfig } from '@momo/platform';
import { KeyAdminConfig, MerchantAdminConfig } from '../admin-cli.config';
import { AdminError, output, withAdminSession } from '../admin-session';
import { uuidArgument } from './merchant.commands';

/** `key …`: issuing, listing, revoking and rotating API keys. Full keys are printed once, never stored. */
export function keyCommands(program: Command): void {
  const key = program.command('key').description('Issue, list, revoke and rotate API keys.');

  key
    .command('issue')
    .description('Issue a key: an account key of a merchant, or an app key of one of its apps.')
    .requiredOption('--merchant <merchantId>', 'the merchant')
    .addOption(new Option('--kind <kind>', 'account (manages apps) or app (moves money)').choices(['account', 'app']).makeOptionMandatory())
    .addOption(new Option('--mode <mode>', 'test or live').choices(['test', 'live']).default('test'))
    .option('--app <appId>', 'the app (app keys only)')
    .option('--json', 'print JSON')
    .action(async (options: { merchant: string; kind: KeyKind; mode: Mode; app?: string; json?: boolean }) => {
      const config = loadConfig(KeyAdminConfig);
      if ((options.kind === 'app') !== (options.app !== undefined)) throw new AdminError('--app is required for app keys and not allowed for account keys');
      await withAdminSession(config, async ({ merchants }) => {
        const merchantId = uuidArgument(options.merchant);
        const merchant = await merchants.findMerchant(merchantId);
        if (!merchant) throw new AdminError(`no merchant ${merchantId}`);
        if (options.app) {
          const app = await merchants.findAppOfMerchant(uuidArgument(options.app), merchantId);
          if (!app) throw new AdminError(`merchant ${merchantId} has no app ${options.app}`);
        }
        const issued = issueApiKey(options.kind, options.mode, config.API_KEY_PEPPER);
        const id = randomUUID();
        await merchants.insertKey({ id, merchantId, appId: options.app?.toLowerCase() ?? null, kind: options.kind, mode: options.mode, keyHash: issued.keyHash, keyHint: issued.keyHint });
        const warning = options.mode === 'live' && !merchant.businessVerified ? ['note: live keys get 403 until the business is verified (merchant verify)'] : [];
        output(options.json, { key_id: id, key: issued.key }, [`key ${id} issued (shown once): ${issued.key}`, ...warning]);
      });
    });

  key
    .command('list')
    .description("List a merchant's keys (hints only).")
    .requiredOption('--merchant <merchantId>', 'the merchant')
    .option('--json', 'print JSON')
    .action(async (options: { merchant: string; json?: boolean }) => {
      await withAdminSession(loadConfig(MerchantAdminConfig), async ({ merchants }) => {
        const keys = await merchants.listKeys(uuidArgument(options.merchant));
        output(options.json, keys.map(keyView), keys.map((k) => `${k.id}  ${k.kind.padEnd(7)} ${k.mode.padEnd(4)} ${k.keyHint}  ${stateOf(k)}${k.appId ? `  app ${k.appId}` : ''}`));
      });
    });

  key
    .command('revoke <keyId>')
    .description('Revoke a key now: gateways refuse it (401) at once.')
    .option('--json', 'print JSON')
    .action(async (keyId: string, options: { json?: boolean }) => {
      await withAdminSession(loadConfig(MerchantAdminConfig), async (session) => {
        const found = await session.merchants.findKey(uuidArgument(keyId));
        if (!found) throw new AdminError(`no key ${keyId}`);
        const revoked = await session.merchants.revokeKey(found.id);
        await session.invalidateAuth('key revoked', found.merchantId);
        output(options.json, { key_id: found.id, revoked: true }, [revoked ? `key ${found.id} revoked` : `key ${found.id} was already revoked`]);
      });
    });

  key
    .command('rotate <keyId>')
    .description('Issue a replacement of the same kind, mode and app; the old key stops working after --grace seconds (at once by default).')
    .option('--grace <seconds>', 'how long the old key keeps working (at most 7 days)', graceArgument, 0)
    .option('--json', 'print JSON')
    .action(async (keyId: string, options: { grace: number; json?: boolean }) => {
      const config = loadConfig(KeyAdminConfig);
      await withAdminSession(config, async (session) => {
        const old = await session.merchants.findKey(uuidArgument(keyId));
        if (!old) throw new AdminError(`no key ${keyId}`);
        const issued = issueApiKey(old.kind, old.mode, config.API_KEY_PEPPER);
        const id = randomUUID();
        const rotated = await session.merchants.rotateKey(
          old.id,
          { id, merchantId: old.merchantId, appId: old.appId, kind: old.kind, mode: old.mode, keyHash: issued.keyHash, keyHint: issued.keyHint },
          options.grace,
        );
        if (!rotated) throw new AdminError(`key ${old.id} is revoked or expired; issue a new one instead`);
        await session.invalidateAuth('key rotated', old.merchantId);
        output(options.json, { key_id: id, key: issued.key, replaced_key_id: old.id, grace_seconds: options.grace }, [
          `key ${id} issued (shown once): ${issued.key}`,
          options.grace > 0 ? `key ${old.id} keeps working for ${options.grace} s` : `key ${old.id} revoked`,
        ]);
      });
    });
}

function stateOf(k: ApiKeyEntity): string {
  if (k.revokedAt) return `revoked ${k.revokedAt.toISOString()}`;
  if (k.expiresAt) return `${k.expiresAt > new Date() ? 'expires' : 'expired'} ${k.expiresAt.toISOString()}`;
  return 'active';
}

function keyView(k: ApiKeyEntity) {
  return {
    id: k.id,
    kind: k.kind,
    mode: k.mode,
    app_id: k.appId,
    hint: k.keyHint,
    state: stateOf(k).split(' ')[0],
    created_at: k.createdAt.toISOString(),
    revoked_at: k.revokedAt?.toISOString() ?? null,
    expires_at: k.expiresAt?.toISOString() ?? null,
  };
}

function graceArgument(value: string): number {
  if (!/^\d{1,6}$/.test(value) || Number(value) > 7 * 24 * 3600) throw new InvalidArgumentError('whole seconds, at most 604800 (7 days)');
  return Number(value);
}
