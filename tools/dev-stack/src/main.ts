import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { ensureDatabase, runMigrations } from '@momo/data';
import { ConfigError, loadConfig, redisOptionsFromUrl } from '@momo/platform';
import { childEnvironment, LocalStack, stopGracefullyOn, WORKSPACE_ROOT } from '@momo/testing';
import { DevStackConfig } from './dev-stack.config';
import { startDemoWebhookInbox } from './demo-webhook-inbox';
import { loadOrCreateDevSecrets } from './dev-secrets';

const DEMO_CONSOLE_EMAIL = 'oncall@localhost';

/**
 * `npm start`: the whole system on this machine against local Postgres and Redis, with a seeded
 * demo merchant, until Ctrl-C.
 */
async function main(): Promise<void> {
  const config = loadConfig(DevStackConfig);
  const devDir = join(WORKSPACE_ROOT, '.dev');
  const secrets = loadOrCreateDevSecrets(join(devDir, 'secrets.json'));

  await checkDependencies(config);
  if (await ensureDatabase(config.DATABASE_URL)) say(`created database ${new URL(config.DATABASE_URL).pathname.slice(1)}`);
  await runMigrations(config.DATABASE_URL, (line) => say(line));

  const credentialsFile = join(devDir, 'demo-credentials.json');
  const webhookUrl = `http://127.0.0.1:${config.DEMO_WEBHOOK_PORT}/webhooks`;
  const seeded = spawnSync(
    process.execPath,
    [join(WORKSPACE_ROOT, 'dist/apps/admin-cli/src/main.js'), 'seed-demo', '--credentials-file', credentialsFile, '--webhook-url', webhookUrl],
    {
      stdio: 'inherit',
      env: childEnvironment({ DATABASE_URL: config.DATABASE_URL, API_KEY_PEPPER: secrets.apiKeyPepper, SECRETS_ENCRYPTION_KEY: secrets.secretsEncryptionKey }),
    },
  );
  if (seeded.status !== 0) throw new Error('seeding the demo merchant failed');
  const demo = JSON.parse(readFileSync(credentialsFile, 'utf8')) as {
    accountKey: string;
    appKey: string;
    webhookSecret: string;
    dashboardEmail: string;
    dashboardPassword: string;
  };
  // The on-call console's demo account (same password every run, kept in .dev/secrets.json).
  const consoleOperator = spawnSync(
    process.execPath,
    [join(WORKSPACE_ROOT, 'dist/apps/admin-cli/src/main.js'), 'operator', 'create', '--email', DEMO_CONSOLE_EMAIL, '--name', 'On-call (demo)', '--role', 'operator', '--password-stdin'],
    { stdio: ['pipe', 'ignore', 'inherit'], input: secrets.consolePassword, env: childEnvironment({ DATABASE_URL: config.DATABASE_URL }) },
  );
  if (consoleOperator.status !== 0) throw new Error('seeding the demo console account failed');

  const inbox = await startDemoWebhookInbox(config.DEMO_WEBHOOK_PORT, demo.webhookSecret);
  say('starting services…');
  const stack = await LocalStack.start({
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    queuePrefix: config.QUEUE_PREFIX,
    apiKeyPepper: secrets.apiKeyPepper,
    secretsEncryptionKey: secrets.secretsEncryptionKey,
    ports: 'default',
    output: { kind: 'console' },
    env: {
      '*': { LOG_LEVEL: config.SERVICE_LOGS === 'true' ? config.LOG_LEVEL : 'warn', LOG_PRETTY: 'true' },
      'webhook-dispatcher': { WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback' },
      'api-gateway': { WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback' },
      'merchant-dashboard': { WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback' },
    },
  });

  // Ctrl-C stops every service and the webhook inbox; a second Ctrl-C does not wait for them.
  stopGracefullyOn(async () => {
    say('stopping… (Ctrl-C again to stop at once)');
    await stack.stop();
    await inbox.close();
    say('stopped.');
    process.exit(0);
  });

  const base = stack.url('api-gateway');
  const banner = [
    '',
    '  Mobile-money gateway is running (test mode, operator simulator).',
    '',
    `  Base URL          ${base}/v1`,
    `  App key (test)    ${demo.appKey}`,
    `  Account key       ${demo.accountKey}`,
    `  Demo webhooks     ${webhookUrl} (printed below as they arrive)`,
    `  Health, metrics   ${stack.managementUrl('api-gateway')}/health/ready, /metrics (each service on its own MANAGEMENT_PORT, 9100-9107)`,
    '',
    `  On-call console   ${stack.url('ops-console')}  (queues, stuck payments, one payment's story)`,
    `    sign in as      ${DEMO_CONSOLE_EMAIL} / ${secrets.consolePassword}  (role operator)`,
    '',
    `  Dashboard         ${stack.url('merchant-dashboard')}`,
    `    sign in as      ${demo.dashboardEmail}`,
    `    password        ${demo.dashboardPassword}`,
    '',
    '  Make a payment:',
    `    curl -s -X POST ${base}/v1/payments \\`,
    `      -H 'Authorization: Bearer ${demo.appKey}' -H 'Content-Type: application/json' \\`,
    `      -d '{"amount": 1500, "msisdn": "0788123456", "description": "Order 42", "reference": "order-42"}'`,
    '',
    '  Then look at it (it turns succeeded within a second):',
    `    curl -s ${base}/v1/payments/<id> -H 'Authorization: Bearer ${demo.appKey}'`,
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
  process.stdout.write(banner.join('\n') + '\n');
}

async function checkDependencies(config: DevStackConfig): Promise<void> {
  const redis = new Redis({ ...redisOptionsFromUrl(config.REDIS_URL), lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    throw new Error(`Redis is not reachable at ${config.REDIS_URL}. Start it (see README, "Requirements") and try again.`);
  } finally {
    redis.disconnect();
  }
  try {
    await ensureDatabase(config.DATABASE_URL);
  } catch (error) {
    throw new Error(`Postgres is not reachable at ${config.DATABASE_URL} (${(error as Error).message}). Start it (see README) and try again.`);
  }
}

function say(line: string): void {
  process.stdout.write(`${'dev-stack'.padEnd(18)} | ${line}\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`npm start: ${message}\n`);
  process.exit(1);
});
