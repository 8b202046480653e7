import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions, ensureDatabase, runMigrations } from '@momo/data';
import {
  createTestDatabase,
  LocalStack,
  PrivatePostgres,
  PrivateRedis,
  SeededMerchant,
  seedMerchant,
  ServiceName,
  TestDatabase,
  testStackOptions,
  uniqueQueuePrefix,
  WebhookReceiver,
  WORKSPACE_ROOT,
} from '@momo/testing';

/** Our five services: the ones the chaos run kills. The simulator plays the operators and stays up. */
export const OUR_SERVICES = ['payments-core', 'operator-adapter', 'webhook-dispatcher', 'reconciler', 'api-gateway'] as const satisfies readonly ServiceName[];
export type OurService = (typeof OUR_SERVICES)[number];

/**
 * Timings of the system under test, shortened so a run shows deadlines and recoveries in
 * minutes. They keep the production rules' proportions: nothing can reach an operator after half
 * the give-up age (10 s), every simulated operator answers within 5 s of receiving a
 * transaction, and the deadlines (25 s, 30 s) come after both, so a deadline only ever fails what
 * the operator truly never resolved.
 */
export const DEADLINES = { collect: 25, payout: 30 };

/** How often the system under test settles test-mode cash ins. */
export const SETTLEMENT_EVERY_SECONDS = 10;

const ENV: Partial<Record<ServiceName | '*', Record<string, string>>> = {
  '*': { LOG_LEVEL: 'info', DATABASE_POOL_SIZE: '5', SIMULATOR_DATABASE_POOL_SIZE: '5' },
  'operator-simulator': {
    APPROVAL_DELAY_MS: '300',
    DELAYED_APPROVAL_MS: '3000',
    PROMPT_WINDOW_MS: '3000',
    EARLY_CALLBACK_LEAD_MS: '1500',
    SLOW_ANSWER_MS: '4000',
    RETRY_AFTER_SECONDS: '2',
  },
  'operator-adapter': {
    OPERATOR_TIMEOUT_MS: '3000',
    UNRECEIVED_GIVE_UP_SECONDS: '20',
    // Scenario 131 answers 503 on purpose; an open circuit would turn every other number away too.
    BREAKER_VOLUME_THRESHOLD: '10000',
  },
  'payments-core': {
    INITIATION_WAIT_MS: '4000',
    OUTBOX_SWEEP_INTERVAL_MS: '2000',
    OUTBOX_SWEEP_GRACE_MS: '5000',
    // Test-mode settlement every SETTLEMENT_EVERY_SECONDS, in small chunks, so kills land mid-run
    // and refunds race runs over the same payments; its schedulers are put back soon after the flush.
    SETTLEMENT_TEST_EVERY_SECONDS: String(SETTLEMENT_EVERY_SECONDS),
    SETTLEMENT_CHUNK_SIZE: '20',
    SETTLEMENT_SCHEDULER_CHECK_MS: '2000',
  },
  'api-gateway': { COMMAND_WAIT_MS: '6000', WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback' },
  'webhook-dispatcher': {
    WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback',
    WEBHOOK_SWEEP_INTERVAL_MS: '2000',
    WEBHOOK_SWEEP_GRACE_MS: '5000',
    WEBHOOK_FIRST_RETRY_MS: '2000',
    WEBHOOK_MAX_RETRY_MS: '10000',
  },
  reconciler: {
    SWEEP_INTERVAL_MS: '1000',
    MIN_AGE_SECONDS: '5',
    CHECK_DELAYS_SECONDS: '3,3,5,5,10',
    DEADLINE_RECHECK_SECONDS: '3',
    COLLECT_DEADLINE_SECONDS: String(DEADLINES.collect),
    PAYOUT_DEADLINE_SECONDS: String(DEADLINES.payout),
    SCHEDULER_CHECK_MS: '2000',
    WATCH_SECONDS: '600',
    INVARIANT_CHECK_INTERVAL_MS: '0',
  },
};

/**
 * The whole system as processes, on a private Postgres and a private Redis (so they can be
 * crashed and flushed without touching the machine's shared servers), with a local webhook
 * receiver as the merchant's endpoint. The simulated operators keep their books in a database of
 * the shared Postgres: they are the outside world, not part of what is crashed.
 */
export class ChaosSystem {
  private constructor(
    readonly postgres: PrivatePostgres,
    readonly redis: PrivateRedis,
    readonly operatorBooks: TestDatabase,
    readonly receiver: WebhookReceiver,
    readonly merchant: SeededMerchant,
    readonly stack: LocalStack,
    readonly logDirectory: string,
  ) {}

  get databaseUrl(): string {
    return `${this.postgres.url}/momo`;
  }

  static async start(log: (line: string) => void): Promise<ChaosSystem> {
    const postgres = await PrivatePostgres.start();
    const redis = await PrivateRedis.start();
    const operatorBooks = await createTestDatabase();
    const receiver = await WebhookReceiver.start();
    try {
      const databaseUrl = `${postgres.url}/momo`;
      await ensureDatabase(databaseUrl);
      await runMigrations(databaseUrl);
      const merchant = await withDataSource(databaseUrl, (ds) =>
        seedMerchant(ds, { webhookUrl: receiver.url, readsPerMinute: 1_000_000, writesPerMinute: 1_000_000 }),
      );
      const queuePrefix = uniqueQueuePrefix('chaos');
      const logDirectory = join(WORKSPACE_ROOT, 'tmp', 'chaos-logs', queuePrefix);
      log(`postgres :${postgres.port}, redis :${redis.port}, logs in ${logDirectory}`);
      const stack = await LocalStack.start({
        ...testStackOptions(databaseUrl, queuePrefix, logDirectory, redis.url),
        env: { ...ENV, 'operator-simulator': { ...ENV['operator-simulator'], SIMULATOR_DATABASE_URL: operatorBooks.url } },
      });
      return new ChaosSystem(postgres, redis, operatorBooks, receiver, merchant, stack, logDirectory);
    } catch (error) {
      await Promise.allSettled([postgres.stop(), redis.stop(), operatorBooks.drop(), receiver.close()]);
      throw error;
    }
  }

  /** Runs `work` with a connection of its own (opened after any crash, closed before the next). */
  withDatabase<T>(work: (dataSource: DataSource) => Promise<T>): Promise<T> {
    return withDataSource(this.databaseUrl, work);
  }

  async stop(): Promise<void> {
    await this.stack.stop(5_000);
    await Promise.allSettled([this.postgres.stop(), this.redis.stop(), this.operatorBooks.drop(), this.receiver.close()]);
  }
}

async function withDataSource<T>(url: string, work: (dataSource: DataSource) => Promise<T>): Promise<T> {
  const dataSource = new DataSource(dataSourceOptions(url, 2, 'chaos'));
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
