import 'reflect-metadata';
import { runService } from '@momo/platform';
import { apiGatewayService } from './service-definition';

void runService(apiGatewayService);
