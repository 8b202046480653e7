import 'reflect-metadata';
import { runService } from '@momo/platform';
import { OpsConsoleModule } from './app.module';
import { installAccessControl } from './auth/access-control';
import { OpsConsoleConfig } from './ops-console.config';
import { mountQueueBoards } from './queues/queue-boards';

void runService('ops-console', OpsConsoleConfig, (config) => OpsConsoleModule.forRoot(config), {
  bodyLimit: () => 64 * 1024,
  configure: async (app, config) => {
    // The gate first, so it stands in front of bull-board's routes too.
    installAccessControl(app);
    await mountQueueBoards(app, config);
  },
});
