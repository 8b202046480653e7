import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { ConfigModule, HealthModule, LoggingModule, MetricsModule, QueuesModule } from '@momo/platform';
import { ApiGatewayConfig } from './api-gateway.config';
import { ApiKeyGuard } from './auth/api-key.guard';
import { PaymentsController } from './payments/payments.controller';

@Module({})
export class ApiGatewayModule {
  static forRoot(config: ApiGatewayConfig): DynamicModule {
    return {
      module: ApiGatewayModule,
      imports: [
        ConfigModule.forRoot(ApiGatewayConfig, config),
        LoggingModule,
        DatabaseModule.forRoot('api-gateway'),
        QueuesModule.forRoot(),
        QueuesModule.register(QueueName.PaymentCommands),
        HealthModule.forRoot({ database: true, redis: true }),
        MetricsModule,
      ],
      controllers: [PaymentsController],
      providers: [ApiKeyGuard],
    };
  }
}
