import { Table, WritesTables } from './tables';

/** The apps that touch the database (operator-simulator keeps its own schema). */
export const DATABASE_SERVICES = [
  'api-gateway',
  'payments-core',
  'operator-adapter',
  'reconciler',
  'webhook-dispatcher',
  'merchant-dashboard',
  'ops-console',
  'admin-cli',
] as const;
export type DatabaseService = (typeof DATABASE_SERVICES)[number];

interface Ownership {
  /** The service whose rules the table's rows follow. */
  owner: DatabaseService;
  /** Other services that write it, each with the reason: anything not listed here is a violation. */
  alsoWrittenBy?: Partial<Record<DatabaseService, string>>;
}

const ACCOUNT_PAGES = 'the dashboard manages apps and keys with the same rules (MerchantsRepository)';
const ONBOARDING = 'the platform operator onboards merchants and seeds demo data';
const REPLAYS = 'a replay makes a delivery pending and due again (DeliveryLogRepository); the dispatcher does the rest';
const ADJUSTMENTS = 'a ledger adjustment approved by a second operator posts its journal';
const INVARIANT_RECORD = '`invariants --record` records a full check';

/**
 * Who writes each table: the one place that says so (README, "Where each concern lives"). A
 * service registers its repositories with `DatabaseModule.forService`, which refuses at boot a
 * repository that writes a table the service may not write; the architecture test
 * (apps/system-e2e/src/table-ownership.spec.ts) checks every app's declared repositories the same way.
 */
export const TABLE_OWNERSHIP: Record<Table, Ownership> = {
  merchants: { owner: 'api-gateway', alsoWrittenBy: { 'merchant-dashboard': ACCOUNT_PAGES, 'admin-cli': ONBOARDING } },
  apps: { owner: 'api-gateway', alsoWrittenBy: { 'merchant-dashboard': ACCOUNT_PAGES, 'admin-cli': ONBOARDING } },
  app_webhook_settings: { owner: 'api-gateway', alsoWrittenBy: { 'merchant-dashboard': ACCOUNT_PAGES, 'admin-cli': ONBOARDING } },
  api_keys: { owner: 'api-gateway', alsoWrittenBy: { 'merchant-dashboard': ACCOUNT_PAGES, 'admin-cli': ONBOARDING } },
  idempotency_keys: {
    owner: 'api-gateway',
    alsoWrittenBy: {
      'merchant-dashboard': "the dashboard's money requests share the gateway's idempotency (libs/money-requests)",
      'payments-core': "a keyed cash in's claim and answer commit with its transaction (CreateCashInCommand)",
    },
  },
  settlement_wallets: { owner: 'api-gateway' },
  transactions: { owner: 'payments-core' },
  ledger_accounts: { owner: 'payments-core', alsoWrittenBy: { 'admin-cli': ADJUSTMENTS } },
  ledger_journals: { owner: 'payments-core', alsoWrittenBy: { 'admin-cli': ADJUSTMENTS } },
  ledger_entries: { owner: 'payments-core', alsoWrittenBy: { 'admin-cli': ADJUSTMENTS } },
  outbox_events: { owner: 'payments-core' },
  settlement_runs: { owner: 'payments-core' },
  settlements: { owner: 'payments-core' },
  reconciliation_exceptions: {
    owner: 'payments-core',
    alsoWrittenBy: {
      'ops-console': 'on-call people resolve exceptions',
      'admin-cli': 'people resolve exceptions; imported operator reports raise them',
    },
  },
  ledger_adjustments: { owner: 'admin-cli' },
  operator_reports: { owner: 'admin-cli' },
  operator_requests: { owner: 'operator-adapter' },
  operator_callbacks: { owner: 'operator-adapter' },
  reconciliation_checks: { owner: 'reconciler' },
  invariant_checkpoints: { owner: 'reconciler', alsoWrittenBy: { 'admin-cli': INVARIANT_RECORD } },
  invariant_account_totals: { owner: 'reconciler', alsoWrittenBy: { 'admin-cli': INVARIANT_RECORD } },
  invariant_violations: { owner: 'reconciler', alsoWrittenBy: { 'admin-cli': INVARIANT_RECORD } },
  webhook_deliveries: { owner: 'webhook-dispatcher', alsoWrittenBy: { 'api-gateway': REPLAYS, 'merchant-dashboard': REPLAYS, 'ops-console': REPLAYS } },
  webhook_attempts: { owner: 'webhook-dispatcher' },
  dashboard_users: { owner: 'merchant-dashboard', alsoWrittenBy: { 'admin-cli': 'the platform operator creates the first users' } },
  dashboard_sessions: { owner: 'merchant-dashboard', alsoWrittenBy: { 'admin-cli': 'the platform operator creates the first users' } },
  dashboard_audit_log: { owner: 'merchant-dashboard', alsoWrittenBy: { 'admin-cli': 'the platform operator creates the first users' } },
  console_operators: { owner: 'ops-console', alsoWrittenBy: { 'admin-cli': 'on-call operators are created and their CLI actions audited' } },
  console_sessions: { owner: 'ops-console', alsoWrittenBy: { 'admin-cli': 'on-call operators are created and their CLI actions audited' } },
  console_audit_log: { owner: 'ops-console', alsoWrittenBy: { 'admin-cli': 'on-call operators are created and their CLI actions audited' } },
};

/** The tables `service` may write. */
export function tablesWritableBy(service: DatabaseService, ownership: Record<string, Ownership> = TABLE_OWNERSHIP): Set<string> {
  return new Set(
    Object.entries(ownership)
      .filter(([, o]) => o.owner === service || (o.alsoWrittenBy?.[service] ?? '') !== '')
      .map(([table]) => table),
  );
}

/** Each table a service's repositories would write without being allowed to, as a sentence; empty when none. */
export function ownershipViolations(
  service: DatabaseService,
  repositories: readonly (WritesTables & { name: string })[],
  ownership: Record<string, Ownership> = TABLE_OWNERSHIP,
): string[] {
  const allowed = tablesWritableBy(service, ownership);
  return repositories.flatMap((repository) =>
    repository.writes
      .filter((table) => !allowed.has(table))
      .map((table) => `${service} registers ${repository.name}, which writes ${table} (owned by ${ownership[table]?.owner ?? 'nobody'})`),
  );
}
