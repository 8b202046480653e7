import 'reflect-metadata';
import { runService } from '@momo/platform';
import { paymentsCoreService } from './service-definition';

void runService(paymentsCoreService);
