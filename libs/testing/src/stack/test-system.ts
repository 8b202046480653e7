import { join } from 'node:path';
import { ApiCallOptions, ApiResponse, callApi } from '../http-call';
import { seedMerchant, SeededMerchant } from '../factories/merchant.factory';
import { deleteQueueKeys, uniqueQueuePrefix } from '../redis';
import { createTestDatabase, TestDatabase } from '../test-database';
import { WebhookReceiver } from '../webhook-receiver';
import { LocalStack, LocalStackOptions } from './local-stack';
import { ServiceName, WORKSPACE_ROOT } from './services';
import { testStackOptions } from './test-stack-options';

export interface TestSystem {
  stack: LocalStack;
  db: TestDatabase;
  receiver: WebhookReceiver;
  merchant: SeededMerchant;
  queuePrefix: string;
  /** Calls the gateway as a merchant backend would. */
  api<T = Record<string, unknown>>(method: string, path: string, options?: ApiCallOptions): Promise<ApiResponse<T>>;
  stop(): Promise<void>;
}

/**
 * The whole system for one end-to-end test file: its own database, queue prefix, free ports, a
 * seeded merchant whose webhook URL is a local recording receiver, and every service as a real
 * process. Logs land in tmp/e2e-logs/<name>/.
 */
export async function startTestSystem(
  name: string,
  options: { env?: LocalStackOptions['env']; services?: readonly ServiceName[] } = {},
): Promise<TestSystem> {
  const db = await createTestDatabase();
  const receiver = await WebhookReceiver.start();
  const merchant = await seedMerchant(db.dataSource, { webhookUrl: receiver.url });
  const queuePrefix = uniqueQueuePrefix('e2e');
  let stack: LocalStack;
  try {
    stack = await LocalStack.start({
      ...testStackOptions(db.url, queuePrefix, join(WORKSPACE_ROOT, 'tmp', 'e2e-logs', `${name}-${queuePrefix}`)),
      ...(options.services ? { services: options.services } : {}),
      env: {
        ...options.env,
        // Small pools: several test runs share one Postgres (100 connections).
        '*': { LOG_LEVEL: 'info', DATABASE_POOL_SIZE: '3', SIMULATOR_DATABASE_POOL_SIZE: '3', ...options.env?.['*'] },
        'webhook-dispatcher': { WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback', ...options.env?.['webhook-dispatcher'] },
        'api-gateway': { WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback', ...options.env?.['api-gateway'] },
        'merchant-dashboard': { WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback', ...options.env?.['merchant-dashboard'] },
        // Balances stay as a test leaves them unless it asks for settlement runs (tests that do set a few seconds).
        'payments-core': { SETTLEMENT_TEST_EVERY_SECONDS: '3600', ...options.env?.['payments-core'] },
      },
    });
  } catch (error) {
    await receiver.close();
    await db.drop();
    throw error;
  }
  const gateway = stack.url('api-gateway');
  return {
    stack,
    db,
    receiver,
    merchant,
    queuePrefix,
    api(method, path, options = {}) {
      return callApi(gateway, method, path, { ...options, key: options.key ?? merchant.appKey });
    },
    async stop() {
      await stack.stop();
      await receiver.close();
      await db.drop();
      await deleteQueueKeys(queuePrefix);
    },
  };
}
