import 'reflect-metadata';
import { runService } from '@momo/platform';
import { ApiGatewayConfig } from './api-gateway.config';
import { ApiGatewayModule } from './app.module';
import { requestValidationPipe } from './validation/validation.pipe';

void runService('api-gateway', ApiGatewayConfig, (config) => ApiGatewayModule.forRoot(config), {
  bodyLimit: (config) => config.BODY_LIMIT_BYTES,
  configure: (app) => {
    app.useGlobalPipes(requestValidationPipe());
  },
});
