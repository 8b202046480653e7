import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { serviceFoundation } from '@momo/platform';
import { MERCHANT_DASHBOARD_REPOSITORIES } from './repositories';
import { IdempotentRequests, MoneyRequestSettings, TransactionCommands, WebhookUrlCheck } from '@momo/money-requests';
import { AppsController } from './merchant-apps/apps.controller';
import { AuditTrail } from './audit/audit-trail';
import { SessionController } from './auth/session.controller';
import { SessionGuard } from './auth/session.guard';
import { SignInService } from './auth/sign-in.service';
import { DeliveriesController } from './deliveries/deliveries.controller';
import { DashboardRedis } from './http/dashboard-redis';
import { MerchantDashboardConfig } from './merchant-dashboard.config';
import { OverviewController } from './overview/overview.controller';
import { TestMoneyController } from './transactions/test-money.controller';
import { TransactionsController } from './transactions/transactions.controller';
import { UsersController } from './users/users.controller';

/**
 * The merchant dashboard: the built SPA and its session-authenticated JSON API (/dashboard-api).
 * Money goes through the same commands and idempotency as /v1 (libs/money-requests).
 */
@Module({})
export class MerchantDashboardModule {
  static forRoot(config: MerchantDashboardConfig): DynamicModule {
    return {
      module: MerchantDashboardModule,
      imports: serviceFoundation({
        configClass: MerchantDashboardConfig,
        config,
        queues: [QueueName.PaymentCommands, QueueName.WebhookDeliveries],
        database: DatabaseModule.forService('merchant-dashboard', MERCHANT_DASHBOARD_REPOSITORIES),
      }),
      controllers: [SessionController, OverviewController, TransactionsController, TestMoneyController, AppsController, DeliveriesController, UsersController],
      providers: [
        { provide: APP_GUARD, useClass: SessionGuard },
        { provide: MoneyRequestSettings, useExisting: MerchantDashboardConfig },
        IdempotentRequests,
        TransactionCommands,
        DashboardRedis,
        SignInService,
        AuditTrail,
        WebhookUrlCheck,
      ],
    };
  }
}
