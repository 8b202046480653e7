import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { serviceFoundation } from '@momo/data';
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
      imports: serviceFoundation('reconciler', ReconcilerConfig, config, [QueueName.Reconciliation, QueueName.OperatorStatusChecks]),
      providers: [ReconciliationProcessor, SweepScheduler, InvariantMonitor, BacklogMetrics],
    };
  }
}
