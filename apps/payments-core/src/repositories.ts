import {
  FeeSchedulesRepository,
  IdempotencyRepository,
  LedgerRepository,
  OutboxConsumptionRepository,
  OutboxRepository,
  ReconciliationExceptionsRepository,
  RepositoryClass,
  SettlementsRepository,
  TransactionsRepository,
} from '@momo/data';

/** The repositories payments-core registers: the tables it writes are theirs (TABLE_OWNERSHIP in libs/data). */
export const PAYMENTS_CORE_REPOSITORIES: RepositoryClass[] = [
  FeeSchedulesRepository,
  IdempotencyRepository,
  LedgerRepository,
  OutboxConsumptionRepository,
  OutboxRepository,
  ReconciliationExceptionsRepository,
  SettlementsRepository,
  TransactionsRepository,
];
