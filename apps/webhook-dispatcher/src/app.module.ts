import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { ConfigModule, HealthModule, LoggingModule, MetricsModule, QueuesModule } from '@momo/platform';
import { DestinationPolicy } from './delivery/destination-policy';
import { WebhookDeliveriesProcessor } from './delivery/webhook-deliveries.processor';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookEventsProcessor } from './events/webhook-events.processor';
import { WebhookDispatcherConfig } from './webhook-dispatcher.config';

@Module({})
export class WebhookDispatcherModule {
  static forRoot(config: WebhookDispatcherConfig): DynamicModule {
    return {
      module: WebhookDispatcherModule,
      imports: [
        ConfigModule.forRoot(WebhookDispatcherConfig, config),
        LoggingModule,
        DatabaseModule.forRoot('webhook-dispatcher'),
        QueuesModule.forRoot(),
        QueuesModule.register(QueueName.WebhookEvents, QueueName.WebhookDeliveries),
        HealthModule.forRoot({ database: true, redis: true }),
        MetricsModule,
      ],
      providers: [WebhookSender, DestinationPolicy, WebhookEventsProcessor, WebhookDeliveriesProcessor],
    };
  }
}
