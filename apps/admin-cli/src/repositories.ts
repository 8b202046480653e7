import {
  ConsoleAccountsRepository,
  DashboardUsersRepository,
  InvariantCheckpointsRepository,
  InvariantsRepository,
  LedgerAdjustmentsRepository,
  MerchantsRepository,
  OperatorReportsRepository,
  ReconciliationExceptionsRepository,
  RepositoryClass,
} from '@momo/data';

/**
 * The repositories admin-cli uses (it constructs them on its own connection): the architecture
 * test checks them against TABLE_OWNERSHIP like every service's.
 */
export const ADMIN_CLI_REPOSITORIES: RepositoryClass[] = [
  ConsoleAccountsRepository,
  DashboardUsersRepository,
  InvariantCheckpointsRepository,
  InvariantsRepository,
  LedgerAdjustmentsRepository,
  MerchantsRepository,
  OperatorReportsRepository,
  ReconciliationExceptionsRepository,
];
