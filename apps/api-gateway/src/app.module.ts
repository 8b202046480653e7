import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { serviceFoundation } from '@momo/platform';
import { API_GATEWAY_REPOSITORIES } from './repositories';
import { ApiGatewayConfig } from './api-gateway.config';
import { AppsController } from './merchant-apps/apps.controller';
import { AppsService } from './merchant-apps/apps.service';
import { ApiKeyGuard } from './auth/api-key.guard';
import { AuthInvalidations } from './auth/auth-invalidations';
import { PrincipalCache } from './auth/principal-cache';
import { RequestAuthentication } from './auth/request-authentication';
import { BalanceController } from './balance/balance.controller';
import { IdempotentRequests, MoneyRequestSettings, TransactionCommands, WebhookUrlCheck } from '@momo/money-requests';
import { EventsController } from './events/events.controller';
import { PaymentsController } from './payments/payments.controller';
import { PayoutsController } from './payouts/payouts.controller';
import { RateLimiter } from './rate-limit/rate-limiter';
import { GatewayRedis } from './redis/gateway-redis';
import { SETTLEMENT_CONTROLLERS } from './settlements/settlement-controllers';
import { WEBHOOK_CONTROLLERS } from './webhooks/webhook-controllers';

/** What other controllers under /v1 need to authenticate with ApiKeyGuard. */
export const AUTH_PROVIDERS = [GatewayRedis, PrincipalCache, AuthInvalidations, RateLimiter, RequestAuthentication, ApiKeyGuard];

@Module({})
export class ApiGatewayModule {
  static forRoot(config: ApiGatewayConfig): DynamicModule {
    return {
      module: ApiGatewayModule,
      imports: serviceFoundation({
        configClass: ApiGatewayConfig,
        config,
        queues: [QueueName.PaymentCommands, QueueName.WebhookDeliveries],
        database: DatabaseModule.forService('api-gateway', API_GATEWAY_REPOSITORIES),
      }),
      controllers: [PaymentsController, PayoutsController, AppsController, BalanceController, EventsController, ...WEBHOOK_CONTROLLERS, ...SETTLEMENT_CONTROLLERS],
      providers: [
        ...AUTH_PROVIDERS,
        { provide: MoneyRequestSettings, useExisting: ApiGatewayConfig },
        IdempotentRequests,
        TransactionCommands,
        AppsService,
        WebhookUrlCheck,
      ],
    };
  }
}
