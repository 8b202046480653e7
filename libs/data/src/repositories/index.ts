import { IdempotencyRepository } from './idempotency.repository';
import { LedgerRepository } from './ledger.repository';
import { MerchantsRepository } from './merchants.repository';
import { OperatorLogRepository } from './operator-log.repository';
import { OutboxRepository } from './outbox.repository';
import { ReconciliationRepository } from './reconciliation.repository';
import { TransactionsRepository } from './transactions.repository';
import { WebhooksRepository } from './webhooks.repository';

export * from './hydrate';
export * from './transaction.view';
export * from './transactions.repository';
export * from './ledger.repository';
export * from './outbox.repository';
export * from './merchants.repository';
export * from './operator-log.repository';
export * from './webhooks.repository';
export * from './reconciliation.repository';
export * from './idempotency.repository';

export const REPOSITORIES = [
  TransactionsRepository,
  LedgerRepository,
  OutboxRepository,
  MerchantsRepository,
  OperatorLogRepository,
  WebhooksRepository,
  ReconciliationRepository,
  IdempotencyRepository,
];
