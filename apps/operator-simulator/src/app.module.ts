import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, HealthModule, LoggingModule } from '@momo/platform';
import { MtnTokenIssuer } from './mtn/mtn-auth';
import { MtnController } from './mtn/mtn.controller';
import { MtnLedger } from './mtn/mtn-ledger';
import { SimulatorConfig } from './simulator.config';

@Module({})
export class OperatorSimulatorModule {
  static forRoot(config: SimulatorConfig): DynamicModule {
    return {
      module: OperatorSimulatorModule,
      imports: [ConfigModule.forRoot(SimulatorConfig, config), LoggingModule, HealthModule.forRoot({ database: false, redis: false })],
      controllers: [MtnController],
      providers: [MtnTokenIssuer, MtnLedger],
    };
  }
}
