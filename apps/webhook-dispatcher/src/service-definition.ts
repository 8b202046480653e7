import { ServiceDefinition } from '@momo/platform';
import { WebhookDispatcherModule } from './app.module';
import { WebhookDispatcherConfig } from './webhook-dispatcher.config';

/** webhook-dispatcher as a service: what `main.ts` runs as a process and tests boot in theirs. */
export const webhookDispatcherService: ServiceDefinition<WebhookDispatcherConfig> = {
  name: 'webhook-dispatcher',
  configClass: WebhookDispatcherConfig,
  rootModule: (config) => WebhookDispatcherModule.forRoot(config),
};
