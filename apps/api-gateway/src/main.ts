import 'reflect-metadata';
import { runService } from '@momo/platform';
import { ApiGatewayConfig } from './api-gateway.config';
import { ApiGatewayModule } from './app.module';
import { acceptJsonBodiesOnly } from './http/json-only.hook';
import { serveApiDocs } from './openapi/api-docs';
import { RequestValidationPipe } from './validation/validation.pipe';

void runService('api-gateway', ApiGatewayConfig, (config) => ApiGatewayModule.forRoot(config), {
  bodyLimit: (config) => config.BODY_LIMIT_BYTES,
  configure: (app, config) => {
    acceptJsonBodiesOnly(app.getHttpAdapter().getInstance());
    app.useGlobalPipes(new RequestValidationPipe());
    serveApiDocs(app, config);
  },
});
