import 'reflect-metadata';
import { runService } from '@momo/platform';
import { opsConsoleService } from './service-definition';

void runService(opsConsoleService);
