import { Pool } from 'pg';

export const SCHEMA = 'operator_simulator';
const SCHEMA_LOCK_ID = 7_342_105;

/**
 * The simulated operators' own books. Real operators never forget a transaction, so neither does
 * the simulator: everything it decided survives a restart, and tests compare our final statuses
 * with this record.
 */
const STATEMENTS = [
  `CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`,
  // One row per transaction the network accepted; (operator, reference) is the operator's dedupe key.
  `CREATE TABLE IF NOT EXISTS ${SCHEMA}.transactions (
     operator text NOT NULL,
     reference text NOT NULL,
     kind text NOT NULL CHECK (kind IN ('collection', 'transfer', 'refund')),
     external_id text,
     operator_txn_id text NOT NULL UNIQUE,
     msisdn text NOT NULL,
     amount bigint NOT NULL,
     currency text NOT NULL,
     refund_of text,
     scenario text NOT NULL,
     status text NOT NULL CHECK (status IN ('PENDING', 'SUCCESSFUL', 'FAILED')),
     reason text,
     planned_status text,
     planned_reason text,
     resolve_at timestamptz,
     early_callback_at timestamptz,
     callbacks integer NOT NULL DEFAULT 1,
     callback_url text,
     callback_method text,
     request_body jsonb,
     created_at timestamptz NOT NULL DEFAULT now(),
     resolved_at timestamptz,
     PRIMARY KEY (operator, reference)
   )`,
  `CREATE INDEX IF NOT EXISTS transactions_due_idx ON ${SCHEMA}.transactions (resolve_at) WHERE status = 'PENDING'`,
  `CREATE INDEX IF NOT EXISTS transactions_early_idx ON ${SCHEMA}.transactions (early_callback_at) WHERE early_callback_at IS NOT NULL`,
  // By day (the daily totals, an operator's day of transactions). An index led by the operator, as
  // the one by msisdn before it was, would let a batch's generic plan find keys by operator alone.
  `DROP INDEX IF EXISTS ${SCHEMA}.transactions_msisdn_idx`,
  `CREATE INDEX IF NOT EXISTS transactions_created_idx ON ${SCHEMA}.transactions (created_at)`,
  // Every movement of money between wallets and our accounts: the count per transaction is the
  // evidence that nothing moved twice. Deliberately no uniqueness here: the simulator must be able
  // to show a double movement if anything ever asked for one.
  `CREATE TABLE IF NOT EXISTS ${SCHEMA}.movements (
     id bigserial PRIMARY KEY,
     operator text NOT NULL,
     reference text NOT NULL,
     external_id text,
     kind text NOT NULL,
     msisdn text NOT NULL,
     amount bigint NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX IF NOT EXISTS movements_reference_idx ON ${SCHEMA}.movements (reference)`,
  `CREATE INDEX IF NOT EXISTS movements_external_idx ON ${SCHEMA}.movements (external_id)`,
  // Every request received, for the control API's "what did you receive" and "how many per reference".
  `CREATE TABLE IF NOT EXISTS ${SCHEMA}.requests (
     id bigserial PRIMARY KEY,
     operator text NOT NULL,
     operation text NOT NULL,
     method text NOT NULL,
     path text NOT NULL,
     reference text,
     external_id text,
     status integer NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX IF NOT EXISTS requests_reference_idx ON ${SCHEMA}.requests (reference)`,
  `CREATE TABLE IF NOT EXISTS ${SCHEMA}.wallets (
     operator text NOT NULL,
     msisdn text NOT NULL,
     balance bigint NOT NULL,
     PRIMARY KEY (operator, msisdn)
   )`,
  // Our (the integrator's) accounts at each operator: what collections pay into, payouts pay out of.
  `CREATE TABLE IF NOT EXISTS ${SCHEMA}.accounts (
     operator text NOT NULL,
     product text NOT NULL CHECK (product IN ('collection', 'disbursement')),
     balance bigint NOT NULL,
     PRIMARY KEY (operator, product)
   )`,
  `CREATE TABLE IF NOT EXISTS ${SCHEMA}.scenario_overrides (
     msisdn text PRIMARY KEY,
     scenario text NOT NULL
   )`,
];

/** Creates the simulator's schema if needed; replicas starting together queue on a lock. */
export async function ensureSchema(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_ID]);
    try {
      for (const statement of STATEMENTS) await client.query(statement);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}
