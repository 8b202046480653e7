import { acceptJsonBodiesOnly, RequestValidationPipe, ServiceDefinition } from '@momo/platform';
import { ApiGatewayConfig } from './api-gateway.config';
import { ApiGatewayModule } from './app.module';
import { RequestAuthentication } from './auth/request-authentication';
import { serveApiDocs } from './openapi/api-docs';

/** api-gateway as a service: what `main.ts` runs as a process and tests boot in theirs. */
export const apiGatewayService: ServiceDefinition<ApiGatewayConfig> = {
  name: 'api-gateway',
  configClass: ApiGatewayConfig,
  rootModule: (config) => ApiGatewayModule.forRoot(config),
  options: {
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
  },
};
