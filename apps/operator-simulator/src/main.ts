import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { runService } from '@momo/platform';
import { AirtelController } from './airtel/airtel.controller';
import { OperatorSimulatorModule } from './app.module';
import { MtnController } from './mtn/mtn.controller';
import { SimulatorConfig } from './simulator.config';

void runService('operator-simulator', SimulatorConfig, (config) => OperatorSimulatorModule.forRoot(config), {
  // The operators' wire endpoints, straight on Fastify (the control API stays a Nest controller).
  configure: (app: NestFastifyApplication) => {
    const fastify = app.getHttpAdapter().getInstance();
    app.get(MtnController).register(fastify);
    app.get(AirtelController).register(fastify);
  },
});
