import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { authInvalidationChannel } from '@momo/contracts';
import { dataSourceOptions, MerchantsRepository } from '@momo/data';
import { redisOptionsFromUrl } from '@momo/platform';
import { MerchantAdminConfig } from './admin-cli.config';

/** What one admin command works with: the database, and a way to tell gateways what changed. */
export class AdminSession {
  readonly merchants: MerchantsRepository;

  private constructor(
    readonly dataSource: DataSource,
    private readonly config: MerchantAdminConfig,
  ) {
    this.merchants = new MerchantsRepository(dataSource);
  }

  static async open(config: MerchantAdminConfig): Promise<AdminSession> {
    const dataSource = new DataSource(dataSourceOptions(config.DATABASE_URL, 2, 'admin-cli'));
    await dataSource.initialize();
    return new AdminSession(dataSource, config);
  }

  /**
   * Gateways cache authenticated keys for a few seconds; this makes them drop the cache now.
   * Called after the change is committed. If Redis cannot be reached, the change still takes
   * effect when the gateways' cache entries expire (AUTH_CACHE_TTL_MS, 30 s by default).
   */
  async invalidateAuth(reason: string, merchantId?: string): Promise<void> {
    const redis = new Redis({ ...redisOptionsFromUrl(this.config.REDIS_URL), maxRetriesPerRequest: 1, lazyConnect: true, retryStrategy: () => null });
    try {
      await redis.connect();
      await redis.publish(authInvalidationChannel(this.config.QUEUE_PREFIX), JSON.stringify({ reason, merchantId }));
    } catch (error) {
      process.stderr.write(`warning: could not notify gateways (${(error as Error).message}); the change reaches them within their auth cache TTL\n`);
    } finally {
      redis.disconnect();
    }
  }

  close(): Promise<void> {
    return this.dataSource.destroy();
  }
}

/** Opens a session, runs `work`, always closes. */
export async function withAdminSession<T>(config: MerchantAdminConfig, work: (session: AdminSession) => Promise<T>): Promise<T> {
  const session = await AdminSession.open(config);
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

/** Prints a result: JSON for scripts (`--json`), readable lines otherwise. */
export function output(json: boolean | undefined, value: unknown, lines: string[]): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${lines.join('\n')}\n`);
}

export class AdminError extends Error {}
