import 'reflect-metadata';
import { runService } from '@momo/platform';
import { operatorSimulatorService } from './service-definition';

void runService(operatorSimulatorService);
