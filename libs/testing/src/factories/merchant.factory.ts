import { randomUUID } from 'node:crypto';
import { generateWebhookSecret } from '@momo/contracts';
import { DataSource } from 'typeorm';
import { MerchantsRepository } from '@momo/data';
import { generateApiKey, hashApiKey, keyHint, Mode } from '@momo/domain';
import { SecretBox } from '@momo/platform';

/** Settings shared by tests that boot services and tests that seed data directly. */
export const TEST_API_KEY_PEPPER = 'test-pepper-not-secret';
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export interface SeededMerchant {
  merchantId: string;
  appId: string;
  appKey: string;
  accountKey: string;
  /** The signing secret of the keys' mode (what their deliveries verify with). */
  webhookSecret: string;
  /** Each mode has its own secret, as every app does. */
  webhookSecrets: Record<Mode, string>;
}

export interface SeedMerchantOptions {
  /** The mode of the seeded app key and account key (default test). */
  mode?: Mode;
  /** The webhook URL of both modes, unless `webhookUrls` names them apart. */
  webhookUrl?: string | null;
  webhookUrls?: Partial<Record<Mode, string | null>>;
  verified?: boolean;
  readsPerMinute?: number;
  writesPerMinute?: number;
}

const newWebhookSecret = generateWebhookSecret;

export async function seedMerchant(dataSource: DataSource, options: SeedMerchantOptions = {}): Promise<SeededMerchant> {
  const mode = options.mode ?? 'test';
  const repo = new MerchantsRepository(dataSource);
  const merchantId = randomUUID();
  const appId = randomUUID();
  const webhookSecrets: Record<Mode, string> = { test: newWebhookSecret(), live: newWebhookSecret() };
  const box = new SecretBox(TEST_SECRETS_KEY);
  const urlOf = (m: Mode) => (options.webhookUrls && m in options.webhookUrls ? (options.webhookUrls[m] ?? null) : (options.webhookUrl ?? null));
  await repo.upsertMerchant({ id: merchantId, name: 'Test Merchant', businessVerified: options.verified ?? false, status: 'active' });
  if (options.readsPerMinute !== undefined || options.writesPerMinute !== undefined) {
    await repo.updateMerchant(merchantId, { readsPerMinute: options.readsPerMinute, writesPerMinute: options.writesPerMinute });
  }
  await repo.upsertApp({
    id: appId,
    merchantId,
    name: 'Test App',
    webhooks: {
      test: { url: urlOf('test'), secretCiphertext: box.seal(webhookSecrets.test) },
      live: { url: urlOf('live'), secretCiphertext: box.seal(webhookSecrets.live) },
    },
  });
  const appKey = generateApiKey('app', mode);
  const accountKey = generateApiKey('account', mode);
  for (const [key, kind] of [[appKey, 'app'], [accountKey, 'account']] as const) {
    await repo.insertKey({
      id: randomUUID(),
      merchantId,
      appId: kind === 'app' ? appId : null,
      kind,
      mode,
      keyHash: hashApiKey(key, TEST_API_KEY_PEPPER),
      keyHint: keyHint(key),
    });
  }
  return { merchantId, appId, appKey, accountKey, webhookSecret: webhookSecrets[mode], webhookSecrets };
}
