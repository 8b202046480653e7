import { join } from 'node:path';
import {
  createTestDatabase,
  deleteQueueKeys,
  LocalStack,
  SeededMerchant,
  seedMerchant,
  TestDatabase,
  testStackOptions,
  uniqueQueuePrefix,
  WORKSPACE_ROOT,
} from '@momo/testing';

export interface BenchStack {
  db: TestDatabase;
  stack: LocalStack;
  merchant: SeededMerchant;
  stop(): Promise<void>;
}

/**
 * The whole stack for a benchmark: its own database and queue prefix, every service a process
 * (logs under tmp/bench-logs), and a merchant whose budgets never limit the load. Our own
 * throttles (rate limits, status-query pacing) are opened up: the benchmark measures the path,
 * not its brakes.
 */
export async function startBenchStack(name: string, options: { webhookUrl?: string } = {}): Promise<BenchStack> {
  const db = await createTestDatabase();
  const queuePrefix = uniqueQueuePrefix(name);
  const merchant = await seedMerchant(db.dataSource, { webhookUrl: options.webhookUrl ?? null, readsPerMinute: 10_000_000, writesPerMinute: 10_000_000 });
  const localReceiver: Record<string, string> = options.webhookUrl ? { WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback' } : {};
  const stack = await LocalStack.start({
    ...testStackOptions(db.url, queuePrefix, join(WORKSPACE_ROOT, 'tmp', 'bench-logs', queuePrefix)),
    env: {
      '*': { LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '20', SIMULATOR_DATABASE_POOL_SIZE: '20' },
      'operator-adapter': { STATUS_QUERIES_PER_SECOND: '10000', CALLBACK_RATE_LIMIT_PER_MINUTE: '10000000' },
      'webhook-dispatcher': localReceiver,
      'api-gateway': localReceiver,
    },
  });
  return {
    db,
    stack,
    merchant,
    stop: async () => {
      await stack.stop();
      await db.drop();
      await deleteQueueKeys(queuePrefix);
    },
  };
}
