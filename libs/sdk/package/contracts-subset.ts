/**
 * What the published package takes from libs/contracts: the webhook signature scheme (pure
 * node:crypto), the event types, the test-mode magic numbers, and the Transaction type. The package build maps
 * `@momo/contracts` here, so the package carries no queue or validation code and no dependency.
 */
export * from '../../contracts/src/webhooks/signature';
export * from '../../contracts/src/webhooks/event-types';
export * from '../../contracts/src/test-mode/scenarios';
export type { TransactionView } from '../../contracts/src/http/transaction.view';
