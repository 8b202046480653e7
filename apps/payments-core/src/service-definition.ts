import { ServiceDefinition } from '@momo/platform';
import { PaymentsCoreModule } from './app.module';
import { PaymentsCoreConfig } from './payments-core.config';

/** payments-core as a service: what `main.ts` runs as a process and tests boot in theirs. */
export const paymentsCoreService: ServiceDefinition<PaymentsCoreConfig> = {
  name: 'payments-core',
  configClass: PaymentsCoreConfig,
  rootModule: (config) => PaymentsCoreModule.forRoot(config),
};
