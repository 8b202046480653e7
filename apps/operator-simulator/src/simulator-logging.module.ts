import { Global, Module } from '@nestjs/common';
import { pinoHttpOptions, ServiceConfig } from '@momo/platform';
import { LoggerModule } from 'nestjs-pino';
import { ControlController } from './control/control.controller';

/**
 * The platform's JSON logs, with the per-request line kept for the control API only: the
 * simulated operators' endpoints are hammered by every test and benchmark, and every request to
 * them is already in the simulator's own request log (GET /control/requests).
 */
@Global()
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [ServiceConfig],
      useFactory: (config: ServiceConfig) => ({ pinoHttp: pinoHttpOptions(config), forRoutes: [ControlController] }),
    }),
  ],
})
export class SimulatorLoggingModule {}
