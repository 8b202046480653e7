import { Matches } from 'class-validator';
import { IsRedisUrl, ServiceConfig } from '@momo/platform';

/** Settings for looking at the queues: the Redis and QUEUE_PREFIX the services use. */
export class QueuesCliConfig extends ServiceConfig {
  @IsRedisUrl()
  REDIS_URL: string = 'redis://127.0.0.1:6379/0';

  @Matches(/^[a-zA-Z0-9_-]{1,32}$/, { message: 'must be 1-32 letters, digits, _ or -' })
  QUEUE_PREFIX: string = 'momo';
}
