import 'reflect-metadata';
import { runService } from '@momo/platform';
import { webhookDispatcherService } from './service-definition';

void runService(webhookDispatcherService);
