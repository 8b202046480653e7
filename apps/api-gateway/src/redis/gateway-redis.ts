import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { connectedWithin, failFastRedis, redisOptionsFromUrl, STARTUP_REDIS_WAIT_MS } from '@momo/platform';
import { ApiGatewayConfig } from '../api-gateway.config';

/**
 * The gateway's own Redis connections (BullMQ keeps its own): `commands` fails fast instead of
 * queueing while Redis is away, because a request must not hang on a rate-limit counter;
 * `subscriber` is the pub/sub connection for auth-cache invalidations. The gateway listens only
 * once `commands` is up (or STARTUP_REDIS_WAIT_MS has passed), so its first requests are counted.
 */
@Injectable()
export class GatewayRedis implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GatewayRedis.name);
  readonly commands: Redis;
  readonly subscriber: Redis;

  constructor(config: ApiGatewayConfig) {
    this.commands = failFastRedis(config.REDIS_URL, { answerWithinMs: 500, offlineQueue: false });
    this.subscriber = new Redis({ ...redisOptionsFromUrl(config.REDIS_URL), maxRetriesPerRequest: null });
    for (const client of [this.commands, this.subscriber]) {
      client.on('error', (error: Error) => this.logger.warn({ err: error.message }, 'redis connection error'));
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!(await connectedWithin(this.commands, STARTUP_REDIS_WAIT_MS))) {
      this.logger.warn({ waitedMs: STARTUP_REDIS_WAIT_MS }, 'redis not connected at start; rate limits let requests through until it is');
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
