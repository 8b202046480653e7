import 'reflect-metadata';
import { runService } from '@momo/platform';
import { OperatorSimulatorModule } from './app.module';
import { SimulatorConfig } from './simulator.config';

void runService('operator-simulator', SimulatorConfig, (config) => OperatorSimulatorModule.forRoot(config));
