import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { serviceFoundation } from '@momo/platform';
import { PAYMENTS_CORE_REPOSITORIES } from './repositories';
import { Contradictions } from './exceptions/contradictions.service';
import { FeeSchedules } from './fees/fee-schedules';
import { OutboxRelay } from './outbox/outbox-relay.service';
import { OutboxSweeper } from './outbox/outbox-sweeper.service';
import { InitiationService } from './initiation/initiation.service';
import { PendingTransactions } from './initiation/pending-transactions';
import { PaymentCommandsProcessor } from './payment-commands/payment-commands.processor';
import { PaymentsService } from './payments/payments.service';
import { PaymentsCoreConfig } from './payments-core.config';
import { PayoutsService } from './payouts/payouts.service';
import { OperatorResults } from './settlement/operator-results';
import { OperatorResultsProcessor } from './settlement/operator-results.processor';
import { SettlementService } from './settlement/settlement.service';
import { SettlementRunProcessor } from './settlement-runs/settlement-run.processor';
import { SettlementRuns } from './settlement-runs/settlement-runs.service';
import { SettlementScheduler } from './settlement-runs/settlement-scheduler.service';

@Module({})
export class PaymentsCoreModule {
  static forRoot(config: PaymentsCoreConfig): DynamicModule {
    return {
      module: PaymentsCoreModule,
      imports: serviceFoundation({
        configClass: PaymentsCoreConfig,
        config,
        queues: [QueueName.PaymentCommands, QueueName.OperatorInitiations, QueueName.OperatorResults, QueueName.WebhookEvents, QueueName.Settlement],
        database: DatabaseModule.forService('payments-core', PAYMENTS_CORE_REPOSITORIES),
      }),
      providers: [
        FeeSchedules,
        InitiationService,
        PaymentsService,
        PendingTransactions,
        PayoutsService,
        SettlementService,
        OutboxRelay,
        OutboxSweeper,
        Contradictions,
        OperatorResults,
        PaymentCommandsProcessor,
        OperatorResultsProcessor,
        SettlementRuns,
        SettlementScheduler,
        SettlementRunProcessor,
      ],
    };
  }
}
