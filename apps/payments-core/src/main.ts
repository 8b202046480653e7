import 'reflect-metadata';
import { runService } from '@momo/platform';
import { PaymentsCoreModule } from './app.module';
import { PaymentsCoreConfig } from './payments-core.config';

void runService('payments-core', PaymentsCoreConfig, (config) => PaymentsCoreModule.forRoot(config));
