import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import Redis from 'ioredis';
import { InfraConfig } from '../config';
import { redisOptionsFromUrl } from '../queue/redis-connection';

@Injectable()
export class RedisHealthIndicator implements OnApplicationShutdown {
  private readonly client: Redis;

  constructor(
    config: InfraConfig,
    private readonly indicator: HealthIndicatorService,
  ) {
    this.client = new Redis({ ...redisOptionsFromUrl(config.REDIS_URL), maxRetriesPerRequest: 1, lazyConnect: true });
  }

  async check(key = 'redis') {
    const session = this.indicator.check(key);
    try {
      await this.client.ping();
      return session.up();
    } catch {
      return session.down({ message: 'redis did not answer PING' });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.client.disconnect();
  }
}
