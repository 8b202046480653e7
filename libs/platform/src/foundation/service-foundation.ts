import { DynamicModule, ModuleMetadata } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { ConfigClass, ConfigModule, InfraConfig } from '../config';
import { HealthModule } from '../health';
import { LoggingModule } from '../logging';
import { QueuesModule } from '../queue';

export interface ServiceFoundationOptions<C extends InfraConfig> {
  configClass: ConfigClass<C>;
  config: C;
  /** The queues the service produces to or consumes from. */
  queues: QueueName[];
  /**
   * The service's Postgres pool and the repositories it declares (libs/data's
   * `DatabaseModule.forService`): the platform takes it ready-made, so it never depends on data.
   */
  database: DynamicModule;
}

/**
 * What every Postgres-and-queues service starts from: its validated config, JSON logs, its
 * database module, the BullMQ connection and the queues it uses, readiness on Postgres and Redis
 * (served with /metrics on the management port). A service module adds only its own providers.
 */
export function serviceFoundation<C extends InfraConfig>(options: ServiceFoundationOptions<C>): NonNullable<ModuleMetadata['imports']> {
  return [
    ConfigModule.forRoot(options.configClass, options.config),
    LoggingModule,
    options.database,
    QueuesModule.forRoot(),
    QueuesModule.register(...options.queues),
    HealthModule.forRoot({ database: true, redis: true }),
  ];
}
