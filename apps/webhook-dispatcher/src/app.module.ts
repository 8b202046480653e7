import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { Clock, serviceFoundation, SystemClock } from '@momo/platform';
import { WEBHOOK_DISPATCHER_REPOSITORIES } from './repositories';
import { AppLanes } from './delivery/app-lanes';
import { AttemptRunner } from './delivery/attempt-runner';
import { DeliveryJobs } from './delivery/delivery-jobs';
import { DeliveryWrites } from './delivery/delivery-writes';
import { DeliverySigner } from './delivery/delivery-signer';
import { WebhookDeliveriesProcessor } from './delivery/webhook-deliveries.processor';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhookEventsProcessor } from './events/webhook-events.processor';
import { DeliverySweeper } from './sweeper/delivery-sweeper.service';
import { WebhookDispatcherConfig } from './webhook-dispatcher.config';

@Module({})
export class WebhookDispatcherModule {
  /** `clock` is for tests that run the retry schedule on a clock they move by hand. */
  static forRoot(config: WebhookDispatcherConfig, options: { clock?: Clock } = {}): DynamicModule {
    return {
      module: WebhookDispatcherModule,
      imports: serviceFoundation({
        configClass: WebhookDispatcherConfig,
        config,
        queues: [QueueName.WebhookEvents, QueueName.WebhookDeliveries],
        database: DatabaseModule.forService('webhook-dispatcher', WEBHOOK_DISPATCHER_REPOSITORIES),
      }),
      providers: [
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        WebhookSender,
        DeliverySigner,
        DeliveryJobs,
        DeliveryWrites,
        AppLanes,
        AttemptRunner,
        WebhookEventsProcessor,
        WebhookDeliveriesProcessor,
        DeliverySweeper,
      ],
    };
  }
}
