import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';
import { IsPostgresUrl, IsRedisUrl, ServiceConfig } from '@momo/platform';

/** `npm start` settings; everything has a development default. */
export class DevStackConfig extends ServiceConfig {
  @IsPostgresUrl()
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/momo';

  @IsRedisUrl()
  REDIS_URL: string = 'redis://127.0.0.1:6379/0';

  @Matches(/^[a-zA-Z0-9_-]{1,32}$/)
  QUEUE_PREFIX: string = 'momo';

  /** The local receiver the demo app's webhooks go to. */
  @IsInt() @Min(1) @Max(65535)
  DEMO_WEBHOOK_PORT: number = 3999;

  @IsIn(['true', 'false'])
  SERVICE_LOGS: 'true' | 'false' = 'true';
}
