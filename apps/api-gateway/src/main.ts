import 'reflect-metadata';
import { acceptJsonBodiesOnly, RequestValidationPipe, runService } from '@momo/platform';
import { ApiGatewayConfig } from './api-gateway.config';
import { ApiGatewayModule } from './app.module';
import { serveApiDocs } from './openapi/api-docs';

void runService('api-gateway', ApiGatewayConfig, (config) => ApiGatewayModule.forRoot(config), {
  bodyLimit: (config) => config.BODY_LIMIT_BYTES,
  configure: (app, config) => {
    acceptJsonBodiesOnly(app.getHttpAdapter().getInstance());
    app.useGlobalPipes(new RequestValidationPipe());
    serveApiDocs(app, config);
  },
});
