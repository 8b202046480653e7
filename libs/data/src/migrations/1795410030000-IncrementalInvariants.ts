import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The invariant checker's memory, so each round reads only what is new (docs/durability.md,
 * "Invariants"): how far the ledger has been checked, each cached account's sum of entries up to
 * there, and the violations found since the last full check.
 *
 * The windows are read by the timestamps Postgres writes (`now()`, the writer's transaction start),
 * through these indexes. No HOT update is lost to them today: `completed_at` and `settled_at`
 * change only in updates that already change indexed columns (status; the unsettled partial
 * index), `created_at` never; partial, so a pending transaction has no entry. Plain B-trees, not
 * BRIN: the planner's use of a BRIN index depends on physical order, and a round that fell back to
 * a sequential scan would cost what the full check costs.
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
    await q.query(`CREATE INDEX transactions_completed_idx ON transactions (completed_at) WHERE completed_at IS NOT NULL`);
    await q.query(`CREATE INDEX transactions_settled_idx ON transactions (settled_at) WHERE settled_at IS NOT NULL`);
    await q.query(`CREATE INDEX outbox_events_created_idx ON outbox_events (created_at)`);
    await q.query(`CREATE INDEX settlements_completed_idx ON settlements (completed_at) WHERE completed_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS settlements_completed_idx`);
    await q.query(`DROP INDEX IF EXISTS outbox_events_created_idx`);
    await q.query(`DROP INDEX IF EXISTS transactions_settled_idx`);
    await q.query(`DROP INDEX IF EXISTS transactions_completed_idx`);
    await q.query(`DROP TABLE IF EXISTS invariant_violations`);
    await q.query(`DROP TABLE IF EXISTS invariant_account_totals`);
    await q.query(`DROP TABLE IF EXISTS invariant_checkpoints`);
  }
}
