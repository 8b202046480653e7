import fastifyCookie from '@fastify/cookie';
import { acceptJsonBodiesOnly, RequestValidationPipe, ServiceDefinition } from '@momo/platform';
import { MerchantDashboardModule } from './app.module';
import { MerchantDashboardConfig } from './merchant-dashboard.config';
import { serveWebApp, webRoot } from './spa/web-app';

/** merchant-dashboard as a service: what `main.ts` runs as a process and tests boot in theirs. */
export const merchantDashboardService: ServiceDefinition<MerchantDashboardConfig> = {
  name: 'merchant-dashboard',
  configClass: MerchantDashboardConfig,
  rootModule: (config) => MerchantDashboardModule.forRoot(config),
  options: {
    bodyLimit: () => 64 * 1024,
    configure: async (app, config) => {
      await app.register(fastifyCookie as never);
      acceptJsonBodiesOnly(app.getHttpAdapter().getInstance());
      app.useGlobalPipes(new RequestValidationPipe());
      await serveWebApp(app, webRoot(config.DASHBOARD_WEB_ROOT));
    },
  },
};
