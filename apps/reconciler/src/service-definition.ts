import { ServiceDefinition } from '@momo/platform';
import { ReconcilerModule } from './app.module';
import { ReconcilerConfig } from './reconciler.config';

/** reconciler as a service: what `main.ts` runs as a process and tests boot in theirs. */
export const reconcilerService: ServiceDefinition<ReconcilerConfig> = {
  name: 'reconciler',
  configClass: ReconcilerConfig,
  rootModule: (config) => ReconcilerModule.forRoot(config),
};
