import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, HealthModule, LoggingModule } from '@momo/platform';
import { AirtelController } from './airtel/airtel.controller';
import { ControlController } from './control/control.controller';
import { SimulatedNetwork } from './engine/simulated-network';
import { TokenIssuer } from './engine/token-issuer';
import { MtnController } from './mtn/mtn.controller';
import { SimulatorConfig } from './simulator.config';

@Module({})
export class OperatorSimulatorModule {
  static forRoot(config: SimulatorConfig): DynamicModule {
    return {
      module: OperatorSimulatorModule,
      imports: [ConfigModule.forRoot(SimulatorConfig, config), LoggingModule, HealthModule.forRoot({ database: false, redis: false })],
      controllers: [ControlController],
      providers: [TokenIssuer, SimulatedNetwork, MtnController, AirtelController],
    };
  }
}
