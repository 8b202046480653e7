import {
  AppsRepository,
  BalanceTransactionsRepository,
  DeliveryLogRepository,
  EventsRepository,
  IdempotencyRepository,
  MerchantsRepository,
  RepositoryClass,
  SettlementReadsRepository,
  SettlementWalletsRepository,
  TransactionReadsRepository,
} from '@momo/data';

/** The repositories api-gateway registers: the tables it writes are theirs (TABLE_OWNERSHIP in libs/data). */
export const API_GATEWAY_REPOSITORIES: RepositoryClass[] = [
  AppsRepository,
  BalanceTransactionsRepository,
  DeliveryLogRepository,
  EventsRepository,
  IdempotencyRepository,
  MerchantsRepository,
  SettlementReadsRepository,
  SettlementWalletsRepository,
  TransactionReadsRepository,
];
