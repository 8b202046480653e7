import {
  ConsoleAccountsRepository,
  DeliveryLogRepository,
  ExceptionCountsRepository,
  OpsViewsRepository,
  ReconciliationExceptionsRepository,
  RepositoryClass,
} from '@momo/data';

/** The repositories ops-console registers: the tables it writes are theirs (TABLE_OWNERSHIP in libs/data). */
export const OPS_CONSOLE_REPOSITORIES: RepositoryClass[] = [
  ConsoleAccountsRepository,
  DeliveryLogRepository,
  ExceptionCountsRepository,
  OpsViewsRepository,
  ReconciliationExceptionsRepository,
];
