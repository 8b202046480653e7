import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import { acceptJsonBodiesOnly, RequestValidationPipe, runService } from '@momo/platform';
import { MerchantDashboardModule } from './app.module';
import { MerchantDashboardConfig } from './merchant-dashboard.config';
import { serveWebApp, webRoot } from './spa/web-app';

void runService('merchant-dashboard', MerchantDashboardConfig, (config) => MerchantDashboardModule.forRoot(config), {
  bodyLimit: () => 64 * 1024,
  configure: async (app, config) => {
    await app.register(fastifyCookie as never);
    acceptJsonBodiesOnly(app.getHttpAdapter().getInstance());
    app.useGlobalPipes(new RequestValidationPipe());
    await serveWebApp(app, webRoot(config.DASHBOARD_WEB_ROOT));
  },
});
