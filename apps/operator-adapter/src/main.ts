import 'reflect-metadata';
import { runService } from '@momo/platform';
import { operatorAdapterService } from './service-definition';

void runService(operatorAdapterService);
