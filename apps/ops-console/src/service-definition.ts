import { ServiceDefinition } from '@momo/platform';
import { OpsConsoleModule } from './app.module';
import { installAccessControl } from './auth/access-control';
import { OpsConsoleConfig } from './ops-console.config';
import { mountQueueBoards } from './queues/queue-boards';

/** ops-console as a service: what `main.ts` runs as a process and tests boot in theirs. */
export const opsConsoleService: ServiceDefinition<OpsConsoleConfig> = {
  name: 'ops-console',
  configClass: OpsConsoleConfig,
  rootModule: (config) => OpsConsoleModule.forRoot(config),
  options: {
    bodyLimit: () => 64 * 1024,
    configure: async (app, config) => {
      // The gate first, so it stands in front of bull-board's routes too.
      installAccessControl(app);
      await mountQueueBoards(app, config);
    },
  },
};
