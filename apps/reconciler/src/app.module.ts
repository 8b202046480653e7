import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { serviceFoundation } from '@momo/platform';
import { RECONCILER_REPOSITORIES } from './repositories';
import { BacklogMetrics } from './backlog/backlog-metrics';
import { InvariantMonitor } from './invariants/invariant-monitor.service';
import { ReconcilerConfig } from './reconciler.config';
import { ReconciliationProcessor } from './reconciliation/reconciliation.processor';
import { SweepScheduler } from './reconciliation/sweep-scheduler.service';

@Module({})
export class ReconcilerModule {
  static forRoot(config: ReconcilerConfig): DynamicModule {
    return {
      module: ReconcilerModule,
      imports: serviceFoundation({
        configClass: ReconcilerConfig,
        config,
        queues: [QueueName.Reconciliation, QueueName.OperatorStatusChecks],
        database: DatabaseModule.forService('reconciler', RECONCILER_REPOSITORIES),
      }),
      providers: [ReconciliationProcessor, SweepScheduler, InvariantMonitor, BacklogMetrics],
    };
  }
}
