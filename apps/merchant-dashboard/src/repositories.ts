import {
  AppsRepository,
  BalanceTransactionsRepository,
  DashboardReadsRepository,
  DashboardUsersRepository,
  DeliveryLogRepository,
  IdempotencyRepository,
  MerchantsRepository,
  RepositoryClass,
} from '@momo/data';

/** The repositories merchant-dashboard registers: the tables it writes are theirs (TABLE_OWNERSHIP in libs/data). */
export const MERCHANT_DASHBOARD_REPOSITORIES: RepositoryClass[] = [
  AppsRepository,
  BalanceTransactionsRepository,
  DashboardReadsRepository,
  DashboardUsersRepository,
  DeliveryLogRepository,
  IdempotencyRepository,
  MerchantsRepository,
];
