import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { ConfigModule, HealthModule, LoggingModule, MetricsModule, QueuesModule } from '@momo/platform';
import { OperatorBalanceMonitor } from './balance/operator-balance.monitor';
import { OperatorCallbacksController } from './callbacks/operator-callbacks.controller';
import { OperatorHttpClient } from './http/operator-http.client';
import { OperatorAdapterConfig } from './operator-adapter.config';
import { OperatorRegistry } from './operators/operator-registry';
import { OperatorInitiationsProcessor } from './requests/operator-initiations.processor';
import { OperatorWork } from './requests/operator-work.service';
import { StatusChecksProcessor } from './requests/status-checks.processor';

@Module({})
export class OperatorAdapterModule {
  static forRoot(config: OperatorAdapterConfig): DynamicModule {
    return {
      module: OperatorAdapterModule,
      imports: [
        ConfigModule.forRoot(OperatorAdapterConfig, config),
        LoggingModule,
        DatabaseModule.forRoot('operator-adapter'),
        QueuesModule.forRoot(),
        QueuesModule.register(QueueName.OperatorRequests, QueueName.OperatorStatusChecks, QueueName.OperatorResults),
        HealthModule.forRoot({ database: true, redis: true }),
        MetricsModule,
      ],
      controllers: [OperatorCallbacksController],
      providers: [OperatorHttpClient, OperatorRegistry, OperatorWork, OperatorInitiationsProcessor, StatusChecksProcessor, OperatorBalanceMonitor],
    };
  }
}
