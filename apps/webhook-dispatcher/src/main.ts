import 'reflect-metadata';
import { runService } from '@momo/platform';
import { WebhookDispatcherModule } from './app.module';
import { WebhookDispatcherConfig } from './webhook-dispatcher.config';

void runService('webhook-dispatcher', WebhookDispatcherConfig, (config) => WebhookDispatcherModule.forRoot(config));
