import 'reflect-metadata';
import { acceptJsonBodiesOnly, RequestValidationPipe, runService } from '@momo/platform';
import { ApiGatewayConfig } from './api-gateway.config';
import { ApiGatewayModule } from './app.module';
import { RequestAuthentication } from './auth/request-authentication';
import { serveApiDocs } from './openapi/api-docs';

void runService('api-gateway', ApiGatewayConfig, (config) => ApiGatewayModule.forRoot(config), {
  bodyLimit: (config) => config.BODY_LIMIT_BYTES,
  configure: (app, config) => {
    const fastify = app.getHttpAdapter().getInstance();
    // First the key and its budget (so every answer to a keyed request counts and carries the
    // RateLimit headers), then the body's media type.
    app.get(RequestAuthentication).attachTo(fastify);
    acceptJsonBodiesOnly(fastify);
    app.useGlobalPipes(new RequestValidationPipe());
    serveApiDocs(app, config);
  },
});
