import 'reflect-metadata';
import { runService } from '@momo/platform';
import { ApiGatewayConfig } from './api-gateway.config';
import { ApiGatewayModule } from './app.module';
import { serveApiDocs } from './openapi/api-docs';
import { RequestValidationPipe } from './validation/validation.pipe';

void runService('api-gateway', ApiGatewayConfig, (config) => ApiGatewayModule.forRoot(config), {
  bodyLimit: (config) => config.BODY_LIMIT_BYTES,
  configure: (app, config) => {
    // Bodies are JSON only: anything else is 415 rather than a string handed to validation.
    app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain');
    app.useGlobalPipes(new RequestValidationPipe());
    serveApiDocs(app, config);
  },
});
