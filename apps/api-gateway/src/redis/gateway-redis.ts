import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { redisOptionsFromUrl } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';

/**
 * The gateway's own Redis connections (BullMQ keeps its own): `commands` fails fast instead of
 * queueing while Redis is away, because a request must not hang on a rate-limit counter;
 * `subscriber` is the pub/sub connection for auth-cache invalidations.
 */
@Injectable()
export class GatewayRedis implements OnApplicationShutdown {
  private readonly logger = new Logger(GatewayRedis.name);
  readonly commands: Redis;
  readonly subscriber: Redis;

  constructor(config: ApiGatewayConfig) {
    const options = redisOptionsFromUrl(config.REDIS_URL);
    this.commands = new Redis({ ...options, maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 500 });
    this.subscriber = new Redis({ ...options, maxRetriesPerRequest: null });
    for (const client of [this.commands, this.subscriber]) {
      client.on('error', (error: Error) => this.logger.warn({ err: error.message }, 'redis connection error'));
    }
  }

  /** A key under this deployment's namespace (the queue prefix), so environments sharing a Redis stay apart. */
  key(config: ApiGatewayConfig, ...parts: string[]): string {
    return [config.QUEUE_PREFIX, ...parts].join(':');
  }

  onApplicationShutdown(): void {
    this.commands.disconnect();
    this.subscriber.disconnect();
  }
}
