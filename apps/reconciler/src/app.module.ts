import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@momo/contracts';
import { DatabaseModule } from '@momo/data';
import { ConfigModule, HealthModule, LoggingModule, MetricsModule, QueuesModule } from '@momo/platform';
import { InvariantMonitor } from './invariants/invariant-monitor.service';
import { ReconcilerConfig } from './reconciler.config';
import { PendingSweepProcessor } from './sweep/pending-sweep.processor';
import { SweepScheduler } from './sweep/sweep-scheduler.service';

@Module({})
export class ReconcilerModule {
  static forRoot(config: ReconcilerConfig): DynamicModule {
    return {
      module: ReconcilerModule,
      imports: [
        ConfigModule.forRoot(ReconcilerConfig, config),
        LoggingModule,
        DatabaseModule.forRoot('reconciler'),
        QueuesModule.forRoot(),
        QueuesModule.register(QueueName.Reconciliation, QueueName.OperatorStatusChecks),
        HealthModule.forRoot({ database: true, redis: true }),
        MetricsModule,
      ],
      providers: [PendingSweepProcessor, SweepScheduler, InvariantMonitor],
    };
  }
}
