import { MigrationInterface, QueryRunner } from 'typeorm';

/** The indexes the invariant windows read by: name, then table and definition. */
const INDEXES: [string, string][] = [
  ['transactions_completed_idx', 'ON transactions (completed_at) WHERE completed_at IS NOT NULL'],
  ['transactions_settled_idx', 'ON transactions (settled_at) WHERE settled_at IS NOT NULL'],
  ['outbox_events_created_idx', 'ON outbox_events (created_at)'],
  ['settlements_completed_idx', 'ON settlements (completed_at) WHERE completed_at IS NOT NULL'],
];

/**
 * The invariant checker's memory, so each round reads only what is new (docs/durability.md,
 * "Invariants"): how far the ledger has been checked, each cached account's sum of entries up to
 * there, and the violations the last round found.
 *
 * And the indexes its windows read by: the timestamps Postgres writes with `now()` when a
 * transaction completes or is settled, when an outbox event is written, when a settlement
 * completes. No HOT update is lost to them today: `completed_at` and `settled_at` change only in
 * updates that already change indexed columns (status; the unsettled partial index), `created_at`
 * never; partial, so a pending transaction has no entry. Plain B-trees, not BRIN: the planner's
 * use of a BRIN index depends on physical order, and a round that fell back to a sequential scan
 * would cost what the full check costs.
 *
 * Built in the migration's transaction, which blocks writes to those tables while they build. On a
 * large database, build them first with CREATE INDEX CONCURRENTLY (docs/deployment.md): these
 * statements then find them and do nothing. (CONCURRENTLY cannot run here: it waits for every
 * open snapshot, including replicas queued on the migration lock.)
 */
export class IncrementalInvariants1795410030000 implements MigrationInterface {
  name = 'IncrementalInvariants1795410030000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE invariant_checkpoints (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        -- Every row written before this instant has been checked (rows from it on: the next window).
        checked_through timestamptz NOT NULL,
        full_checked_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE invariant_account_totals (
        account_id bigint PRIMARY KEY REFERENCES ledger_accounts(id),
        -- Sum of the account's entries in journals created before checked_through.
        total bigint NOT NULL
      )`);
    await q.query(`
      CREATE TABLE invariant_violations (
        invariant text NOT NULL,
        subject text NOT NULL,
        description text NOT NULL,
        found_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (invariant, subject)
      )`);
    for (const [name, definition] of INDEXES) await q.query(`CREATE INDEX IF NOT EXISTS ${name} ${definition}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of INDEXES) await q.query(`DROP INDEX IF EXISTS ${name}`);
    await q.query(`DROP TABLE IF EXISTS invariant_violations`);
    await q.query(`DROP TABLE IF EXISTS invariant_account_totals`);
    await q.query(`DROP TABLE IF EXISTS invariant_checkpoints`);
  }
}
