import 'reflect-metadata';
import { runService } from '@momo/platform';
import { reconcilerService } from './service-definition';

void runService(reconcilerService);
