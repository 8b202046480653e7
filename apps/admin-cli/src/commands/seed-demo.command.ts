import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Command } from 'commander';
import { generateWebhookSecret } from '@momo/contracts';
import { DataSource } from 'typeorm';
import { dataSourceOptions, MerchantsRepository } from '@momo/data';
import { generateApiKey, hashApiKey, keyHint } from '@momo/domain';
import { loadConfig, SecretBox } from '@momo/platform';
import { AdminCliConfig } from '../admin-cli.config';

/** Fixed ids, so seeding again updates the same demo merchant instead of adding another. */
export const DEMO_MERCHANT_ID = '00000000-0000-4000-8000-00000000d001';
export const DEMO_APP_ID = '00000000-0000-4000-8000-00000000a001';

export interface DemoCredentials {
  merchantId: string;
  appId: string;
  accountKey: string;
  appKey: string;
  webhookSecret: string;
}

/**
 * Development only: a demo merchant with one test app. Its keys and webhook secret are kept in a
 * local file (never committed) so every `npm start` prints the same ones.
 */
export function seedDemoCommand(program: Command): void {
  program
    .command('seed-demo')
    .description('Create or refresh the demo merchant and its test app (development).')
    .requiredOption('--credentials-file <path>', 'where the demo keys are kept between runs')
    .option('--webhook-url <url>', 'the demo app webhook URL')
    .action(async (options: { credentialsFile: string; webhookUrl?: string }) => {
      const config = loadConfig(AdminCliConfig);
      const credentials = readOrCreateCredentials(options.credentialsFile);
      const dataSource = new DataSource(dataSourceOptions(config.DATABASE_URL, 2, 'admin-cli'));
      await dataSource.initialize();
      try {
        const merchants = new MerchantsRepository(dataSource);
        const box = new SecretBox(config.SECRETS_ENCRYPTION_KEY);
        await dataSource.transaction(async (em) => {
          await merchants.upsertMerchant({ id: credentials.merchantId, name: 'Demo Shop', businessVerified: false, status: 'active' }, em);
          await merchants.upsertApp(
            {
              id: credentials.appId,
              merchantId: credentials.merchantId,
              name: 'Demo App',
              // A test app: the demo's URL and secret are its test settings; live has neither a URL
              // nor a secret anyone has seen (a live account key would set and rotate them).
              webhooks: {
                test: { url: options.webhookUrl ?? null, secretCiphertext: box.seal(credentials.webhookSecret) },
                live: { url: null, secretCiphertext: box.seal(generateWebhookSecret()) },
              },
            },
            em,
          );
          for (const [key, kind] of [[credentials.appKey, 'app'], [credentials.accountKey, 'account']] as const) {
            await merchants.insertKey(
              {
                id: randomUUID(),
                merchantId: credentials.merchantId,
                appId: kind === 'app' ? credentials.appId : null,
                kind,
                mode: 'test',
                keyHash: hashApiKey(key, config.API_KEY_PEPPER),
                keyHint: keyHint(key),
              },
              em,
            );
          }
        });
        console.log(`demo merchant ${credentials.merchantId} with app ${credentials.appId} is ready`);
      } finally {
        await dataSource.destroy();
      }
    });
}

function readOrCreateCredentials(path: string): DemoCredentials {
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as DemoCredentials;
  const credentials: DemoCredentials = {
    merchantId: DEMO_MERCHANT_ID,
    appId: DEMO_APP_ID,
    accountKey: generateApiKey('account', 'test'),
    appKey: generateApiKey('app', 'test'),
    webhookSecret: generateWebhookSecret(),
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}
