/** Every table the migrations create (public schema); the ownership table names each of them. */
export const TABLES = [
  'merchants',
  'apps',
  'app_webhook_settings',
  'api_keys',
  'idempotency_keys',
  'settlement_wallets',
  'transactions',
  'ledger_accounts',
  'ledger_journals',
  'ledger_entries',
  'outbox_events',
  'settlement_runs',
  'settlements',
  'reconciliation_exceptions',
  'ledger_adjustments',
  'operator_reports',
  'operator_requests',
  'operator_callbacks',
  'reconciliation_checks',
  'invariant_checkpoints',
  'invariant_account_totals',
  'invariant_violations',
  'webhook_deliveries',
  'webhook_attempts',
  'dashboard_users',
  'dashboard_sessions',
  'dashboard_audit_log',
  'console_operators',
  'console_sessions',
  'console_audit_log',
] as const;
export type Table = (typeof TABLES)[number];

/**
 * What a repository declares about itself: the tables its statements write (INSERT, UPDATE,
 * DELETE, including through another repository it uses). The architecture test checks the
 * declaration against the repository's SQL, and each service's repositories against
 * TABLE_OWNERSHIP.
 */
export interface WritesTables {
  readonly writes: readonly Table[];
}
