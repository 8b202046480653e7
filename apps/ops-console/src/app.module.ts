import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { serviceFoundation } from '@momo/platform';
import { OPS_CONSOLE_REPOSITORIES } from './repositories';
import { AuditController } from './audit/audit.controller';
import { ConsoleAudit } from './audit/console-audit.service';
import { ConsoleSessions } from './auth/console-sessions.service';
import { SignInController } from './auth/sign-in.controller';
import { DeliveriesController } from './money/deliveries.controller';
import { ExceptionsController } from './money/exceptions.controller';
import { OverviewController } from './money/overview.controller';
import { OpsConsoleConfig } from './ops-console.config';
import { PaymentsController } from './payments/payments.controller';
import { ServiceSignals } from './signals/service-signals';

@Module({})
export class OpsConsoleModule {
  static forRoot(config: OpsConsoleConfig): DynamicModule {
    return {
      module: OpsConsoleModule,
      // Produces only the replay wake-up jobs; bull-board opens every queue itself (queue-boards.ts).
      imports: serviceFoundation({
        configClass: OpsConsoleConfig,
        config,
        queues: [QueueName.WebhookDeliveries],
        database: DatabaseModule.forService('ops-console', OPS_CONSOLE_REPOSITORIES),
      }),
      controllers: [SignInController, OverviewController, PaymentsController, ExceptionsController, DeliveriesController, AuditController],
      providers: [ConsoleSessions, ConsoleAudit, ServiceSignals],
    };
  }
}
