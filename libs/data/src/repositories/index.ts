import { BacklogRepository } from './backlog.repository';
import { EventsRepository } from './events.repository';
import { IdempotencyRepository } from './idempotency.repository';
import { InvariantsRepository } from './invariants.repository';
import { InvariantCheckpointsRepository } from './invariant-checkpoints.repository';
import { LedgerRepository } from './ledger.repository';
import { MerchantsRepository } from './merchants.repository';
import { OperatorLogRepository } from './operator-log.repository';
import { OutboxConsumptionRepository } from './outbox-consumption.repository';
import { OutboxRepository } from './outbox.repository';
import { ReconciliationExceptionsRepository } from './reconciliation-exceptions.repository';
import { ReconciliationRepository } from './reconciliation.repository';
import { TransactionsRepository } from './transactions.repository';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { DeliveryLogRepository } from './delivery-log.repository';
import { AppsRepository } from './apps.repository';
import { DashboardReadsRepository } from './dashboard-reads.repository';
import { DashboardUsersRepository } from './dashboard-users.repository';
import { ConsoleAccountsRepository } from './console-accounts.repository';
import { OpsViewsRepository } from './ops-views.repository';
import { SettlementsRepository } from './settlements.repository';
import { BalanceTransactionsRepository } from './balance-transactions.repository';
import { LedgerAdjustmentsRepository } from './ledger-adjustments.repository';
import { OperatorReportsRepository } from './operator-reports.repository';
import { SettlementWalletsRepository } from './settlement-wallets.repository';

export * from './hydrate';
export * from './webhook-delivery.view';
export * from './transactions.repository';
export * from './ledger.repository';
export * from './outbox.repository';
export * from './merchants.repository';
export * from './operator-log.repository';
export * from './webhook-deliveries.repository';
export * from './delivery-log.repository';
export * from './apps.repository';
export * from './paging';
export * from './sql';
export * from './reconciliation.repository';
export * from './idempotency.repository';
export * from './outbox-consumption.repository';
export * from './reconciliation-exceptions.repository';
export * from './invariants.repository';
export * from './invariant-checkpoints.repository';
export * from './dashboard-users.repository';
export * from './dashboard-reads.repository';
export * from './backlog.repository';
export * from './events.repository';
export * from './webhook-body.sql';
export * from './settlements.repository';
export * from './balance-transactions.repository';
export * from './ledger-adjustments.repository';
export * from './operator-reports.repository';
export * from './settlement-wallets.repository';

export const REPOSITORIES = [
  TransactionsRepository,
  LedgerRepository,
  OutboxRepository,
  MerchantsRepository,
  OperatorLogRepository,
  WebhookDeliveriesRepository,
  DeliveryLogRepository,
  AppsRepository,
  ReconciliationRepository,
  IdempotencyRepository,
  OutboxConsumptionRepository,
  ReconciliationExceptionsRepository,
  InvariantsRepository,
  InvariantCheckpointsRepository,
  DashboardUsersRepository,
  DashboardReadsRepository,
  ConsoleAccountsRepository,
  OpsViewsRepository,
  BacklogRepository,
  EventsRepository,
  SettlementsRepository,
  BalanceTransactionsRepository,
  LedgerAdjustmentsRepository,
  OperatorReportsRepository,
  SettlementWalletsRepository,
];
export * from './console-accounts.repository';
export * from './ops-views.repository';
export * from './console-credentials';
