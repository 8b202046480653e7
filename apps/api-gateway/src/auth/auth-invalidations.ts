import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AuthInvalidation, authInvalidationChannel } from '@momo/contracts';
import { ApiGatewayConfig } from '../api-gateway.config';
import { GatewayRedis } from '../redis/gateway-redis';
import { PrincipalCache } from './principal-cache';

/**
 * Keeps the key cache honest across gateways: listens for invalidations (from the admin CLI and
 * from other gateways) and publishes its own after changes made through the API. While the
 * subscription is down the cache is bypassed, so a missed message cannot leave a revoked key
 * working for a whole TTL.
 */
@Injectable()
export class AuthInvalidations implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuthInvalidations.name);
  private readonly channel: string;
  private subscribed = false;

  constructor(
    private readonly redis: GatewayRedis,
    private readonly cache: PrincipalCache,
    config: ApiGatewayConfig,
  ) {
    this.channel = authInvalidationChannel(config.QUEUE_PREFIX);
  }

  /** Whether cached principals may be trusted right now. */
  get listening(): boolean {
    return this.subscribed;
  }

  async onApplicationBootstrap(): Promise<void> {
    const subscriber = this.redis.subscriber;
    subscriber.on('message', (channel: string) => {
      if (channel === this.channel) this.cache.clear();
    });
    // On every (re)connection: subscribe again and forget whatever was cached while away.
    subscriber.on('ready', () => void this.subscribe());
    subscriber.on('close', () => {
      this.subscribed = false;
      this.cache.clear();
    });
    if (subscriber.status === 'ready') await this.subscribe();
  }

  async publish(invalidation: AuthInvalidation): Promise<void> {
    this.cache.clear();
    try {
      await this.redis.commands.publish(this.channel, JSON.stringify(invalidation));
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'could not publish an auth invalidation; other gateways catch up within the cache TTL');
    }
  }

  private async subscribe(): Promise<void> {
    try {
      await this.redis.subscriber.subscribe(this.channel);
      this.cache.clear();
      this.subscribed = true;
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'could not subscribe to auth invalidations; key cache bypassed');
    }
  }
}
