import 'reflect-metadata';
import { runService } from '@momo/platform';
import { OperatorAdapterModule } from './app.module';
import { OperatorAdapterConfig } from './operator-adapter.config';

void runService('operator-adapter', OperatorAdapterConfig, (config) => OperatorAdapterModule.forRoot(config));
