import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { serviceFoundation } from '@momo/platform';
import { OPERATOR_ADAPTER_REPOSITORIES } from './repositories';
import { OperatorBalanceMonitor } from './balance/operator-balance.monitor';
import { OperatorCallbacksController } from './callbacks/operator-callbacks.controller';
import { OperatorHttpClient } from './http/operator-http.client';
import { OperatorAdapterConfig } from './operator-adapter.config';
import { OperatorRequestBudget } from './operators/operator-budget';
import { OperatorRegistry } from './operators/operator-registry';
import { OperatorInitiationsProcessor } from './operator-initiations/operator-initiations.processor';
import { CallbackStatusChecks } from './operator-status-checks/callback-status-checks';
import { OperatorStatusChecker } from './operator-status-checks/operator-status-checker';
import { OperatorStatusChecksProcessor } from './operator-status-checks/operator-status-checks.processor';
import { OperatorWork } from './operator-work/operator-work.service';

@Module({})
export class OperatorAdapterModule {
  static forRoot(config: OperatorAdapterConfig): DynamicModule {
    return {
      module: OperatorAdapterModule,
      imports: serviceFoundation({
        configClass: OperatorAdapterConfig,
        config,
        queues: [QueueName.OperatorInitiations, QueueName.OperatorStatusChecks, QueueName.OperatorResults],
        database: DatabaseModule.forService('operator-adapter', OPERATOR_ADAPTER_REPOSITORIES),
      }),
      controllers: [OperatorCallbacksController],
      providers: [OperatorHttpClient, OperatorRequestBudget, OperatorRegistry, OperatorWork, OperatorInitiationsProcessor, OperatorStatusChecker, OperatorStatusChecksProcessor, CallbackStatusChecks, OperatorBalanceMonitor],
    };
  }
}
