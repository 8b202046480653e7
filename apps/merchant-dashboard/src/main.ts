import 'reflect-metadata';
import { runService } from '@momo/platform';
import { merchantDashboardService } from './service-definition';

void runService(merchantDashboardService);
