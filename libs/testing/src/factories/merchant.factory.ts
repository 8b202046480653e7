import { randomBytes, randomUUID } from 'node:crypto';
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
  webhookSecret: string;
}

export async function seedMerchant(
  dataSource: DataSource,
  options: { mode?: Mode; webhookUrl?: string | null; verified?: boolean; readsPerMinute?: number; writesPerMinute?: number } = {},
): Promise<SeededMerchant> {
  const mode = options.mode ?? 'test';
  const repo = new MerchantsRepository(dataSource);
  const merchantId = randomUUID();
  const appId = randomUUID();
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  await repo.upsertMerchant({ id: merchantId, name: 'Test Merchant', businessVerified: options.verified ?? false, status: 'active' });
  if (options.readsPerMinute !== undefined || options.writesPerMinute !== undefined) {
    await repo.updateMerchant(merchantId, { readsPerMinute: options.readsPerMinute, writesPerMinute: options.writesPerMinute });
  }
  await repo.upsertApp({
    id: appId,
    merchantId,
    name: 'Test App',
    webhookUrl: options.webhookUrl ?? null,
    webhookSecretCiphertext: new SecretBox(TEST_SECRETS_KEY).seal(webhookSecret),
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
  return { merchantId, appId, appKey, accountKey, webhookSecret };
}
