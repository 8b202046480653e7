import 'reflect-metadata';
import { runService } from '@momo/platform';
import { ReconcilerModule } from './app.module';
import { ReconcilerConfig } from './reconciler.config';

void runService('reconciler', ReconcilerConfig, (config) => ReconcilerModule.forRoot(config));
