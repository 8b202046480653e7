import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { authInvalidationChannel } from '@momo/contracts';
import { connectedWithin, failFastRedis, STARTUP_REDIS_WAIT_MS } from '@momo/platform';
import { MerchantDashboardConfig } from '../merchant-dashboard.config';

/**
 * The dashboard's own Redis connection (BullMQ keeps its own): sign-in throttling counters, and
 * telling every gateway to drop its cached keys after a change to an app or a key. It fails fast
 * rather than queueing while Redis is away; the dashboard listens once it is up (or
 * STARTUP_REDIS_WAIT_MS has passed), so its first sign-ins are throttled.
 */
@Injectable()
export class DashboardRedis implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DashboardRedis.name);
  readonly client: Redis;

  constructor(private readonly config: MerchantDashboardConfig) {
    this.client = failFastRedis(config.REDIS_URL, { answerWithinMs: 500, offlineQueue: false });
    this.client.on('error', (error: Error) => this.logger.warn({ err: error.message }, 'redis connection error'));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!(await connectedWithin(this.client, STARTUP_REDIS_WAIT_MS))) {
      this.logger.warn({ waitedMs: STARTUP_REDIS_WAIT_MS }, 'redis not connected at start; sign-ins go unthrottled by address, and gateways unnotified, until it is');
    }
  }

  key(...parts: string[]): string {
    return [this.config.QUEUE_PREFIX, 'dashboard', ...parts].join(':');
  }

  /**
   * Gateways cache authenticated keys; after a key is revoked or an app disabled they must forget
   * them now. If Redis cannot take the message, the gateways' cache expiry (AUTH_CACHE_TTL_MS)
   * still bounds how long the old state is used.
   */
  async invalidateGatewayAuth(reason: string, merchantId: string): Promise<void> {
    try {
      await this.client.publish(authInvalidationChannel(this.config.QUEUE_PREFIX), JSON.stringify({ reason, merchantId }));
    } catch (error) {
      this.logger.warn({ err: (error as Error).message, reason }, 'could not notify gateways; the change reaches them within their auth cache TTL');
    }
  }

  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}
