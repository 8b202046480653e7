import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What finality and durability need beyond the earlier schema:
 * - `outbox_events.consumed_at`: when payments-core's outbox sweeper saw that the dispatcher has
 *   the event (its delivery row exists, or its app has no webhook URL). Published events not yet
 *   consumed are the ones whose job Redis may have lost; the partial index keeps finding them
 *   cheap. Events published before this migration count as consumed.
 * - `reconciliation_exceptions` (written by payments-core, resolved with the admin CLI): operator
 *   answers that contradict a status already final. They are never applied; a human settles them.
 * - an index over failures of our own deciding (deadline, operator had no record), which the
 *   reconciler keeps watching for a while in case the operator completes them after all.
 */
export class Durability1795350000000 implements MigrationInterface {
  name = 'Durability1795350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_events ADD COLUMN consumed_at timestamptz`);
    await q.query(`UPDATE outbox_events SET consumed_at = published_at WHERE published_at IS NOT NULL`);
    await q.query(`CREATE INDEX outbox_unconsumed_idx ON outbox_events (published_at) WHERE published_at IS NOT NULL AND consumed_at IS NULL`);

    await q.query(`
      CREATE TABLE reconciliation_exceptions (
        id bigserial PRIMARY KEY,
        transaction_id uuid NOT NULL REFERENCES transactions(id),
        kind text NOT NULL CHECK (kind IN ('missed_success', 'phantom_success')),
        recorded_status text NOT NULL CHECK (recorded_status IN ('succeeded', 'failed')),
        reported_status text NOT NULL CHECK (reported_status IN ('succeeded', 'failed')),
        reported_failure_code text,
        reported_provider_ref text,
        source text NOT NULL,
        occurrences integer NOT NULL DEFAULT 1 CHECK (occurrences >= 1),
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        resolution text,
        CHECK ((resolved_at IS NULL) = (resolution IS NULL)),
        UNIQUE (transaction_id, kind)
      )`);
    await q.query(`CREATE INDEX reconciliation_exceptions_open_idx ON reconciliation_exceptions (first_seen_at) WHERE resolved_at IS NULL`);

    await q.query(`
      CREATE INDEX transactions_watched_failures_idx ON transactions (completed_at)
      WHERE status = 'failed' AND failure_code IN ('DEADLINE_EXCEEDED', 'NOT_RECEIVED')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS transactions_watched_failures_idx`);
    await q.query(`DROP TABLE IF EXISTS reconciliation_exceptions`);
    await q.query(`DROP INDEX IF EXISTS outbox_unconsumed_idx`);
    await q.query(`ALTER TABLE outbox_events DROP COLUMN IF EXISTS consumed_at`);
  }
}
