import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The invariant checker's memory, so each round reads only what is new (docs/durability.md,
 * "Invariants"): how far the ledger has been checked, each cached account's sum of entries up to
 * there, and the violations found since the last full check.
 *
 * The windows are read by the timestamps Postgres writes (`now()`, the writer's transaction start).
 * The BRIN indexes cost next to nothing to keep, and no HOT update is lost to them: `completed_at`
 * and `settled_at` change only in updates that already touch indexed columns, `created_at` never.
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
    await q.query(`CREATE INDEX transactions_completed_brin ON transactions USING brin (completed_at) WITH (pages_per_range = 32)`);
    await q.query(`CREATE INDEX transactions_settled_brin ON transactions USING brin (settled_at) WITH (pages_per_range = 32)`);
    await q.query(`CREATE INDEX outbox_events_created_brin ON outbox_events USING brin (created_at) WITH (pages_per_range = 32)`);
    await q.query(`CREATE INDEX settlements_completed_idx ON settlements (completed_at) WHERE completed_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS settlements_completed_idx`);
    await q.query(`DROP INDEX IF EXISTS outbox_events_created_brin`);
    await q.query(`DROP INDEX IF EXISTS transactions_settled_brin`);
    await q.query(`DROP INDEX IF EXISTS transactions_completed_brin`);
    await q.query(`DROP TABLE IF EXISTS invariant_violations`);
    await q.query(`DROP TABLE IF EXISTS invariant_account_totals`);
    await q.query(`DROP TABLE IF EXISTS invariant_checkpoints`);
  }
}
