import { ModuleMetadata } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { ConfigClass, ConfigModule, HealthModule, InfraConfig, LoggingModule, QueuesModule } from '@momo/platform';
import { DatabaseModule } from './database.module';

/**
 * What every Postgres-and-queues service starts from: its validated config, JSON logs, the
 * database pool and repositories, the BullMQ connection and the queues it uses, readiness on
 * Postgres and Redis (served with /metrics on the management port). A service module adds only
 * its own providers.
 */
export function serviceFoundation<C extends InfraConfig>(
  name: string,
  configClass: ConfigClass<C>,
  config: C,
  queues: QueueName[],
): NonNullable<ModuleMetadata['imports']> {
  return [
    ConfigModule.forRoot(configClass, config),
    LoggingModule,
    DatabaseModule.forRoot(name),
    QueuesModule.forRoot(),
    QueuesModule.register(...queues),
    HealthModule.forRoot({ database: true, redis: true }),
  ];
}
