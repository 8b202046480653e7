import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ServiceDefinition } from '@momo/platform';
import { AirtelController } from './airtel/airtel.controller';
import { OperatorSimulatorModule } from './app.module';
import { MtnController } from './mtn/mtn.controller';
import { SimulatorConfig } from './simulator.config';

/** operator-simulator as a service: what `main.ts` runs as a process and tests boot in theirs. */
export const operatorSimulatorService: ServiceDefinition<SimulatorConfig> = {
  name: 'operator-simulator',
  configClass: SimulatorConfig,
  rootModule: (config) => OperatorSimulatorModule.forRoot(config),
  options: {
    // Access lines for the control API only: the simulated operators' endpoints are hammered by
    // every test and benchmark, and each of their requests is in the simulator's own request log
    // (GET /control/requests).
    requestLog: { accessLine: (url) => url.startsWith('/control') },
    // The operators' wire endpoints, straight on Fastify (the control API stays a Nest controller).
    configure: (app: NestFastifyApplication) => {
      const fastify = app.getHttpAdapter().getInstance();
      app.get(MtnController).register(fastify);
      app.get(AirtelController).register(fastify);
    },
  },
};
