import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the webhook dispatcher needs to deliver at least once without double-sending:
 * - a lease per delivery (`lease_until`), so one worker at a time makes an attempt and a crashed
 *   worker's attempt is picked up again once the lease runs out;
 * - rounds: a manual replay starts a new round of attempts (`round_started_after` is the number of
 *   attempts made before it, `replay_count` tells an in-flight attempt that a replay came in);
 * - the mode of the transaction, so test keys and live keys each see their own deliveries;
 * - per attempt, the URL it went to.
 */
export class WebhookDeliveryLeases1795340000000 implements MigrationInterface {
  name = 'WebhookDeliveryLeases1795340000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhook_deliveries
        ADD COLUMN mode text CHECK (mode IN ('live', 'test')),
        ADD COLUMN lease_until timestamptz,
        ADD COLUMN round_started_after integer NOT NULL DEFAULT 0 CHECK (round_started_after >= 0),
        ADD COLUMN replay_count integer NOT NULL DEFAULT 0 CHECK (replay_count >= 0),
        ADD COLUMN last_attempt_at timestamptz`);
    await q.query(`UPDATE webhook_deliveries d SET mode = t.mode FROM transactions t WHERE t.id = d.transaction_id`);
    await q.query(`ALTER TABLE webhook_deliveries ALTER COLUMN mode SET NOT NULL`);
    await q.query(`ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_pending_is_scheduled
      CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))`);
    await q.query(`CREATE INDEX webhook_deliveries_app_status_idx ON webhook_deliveries (app_id, status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_transaction_idx ON webhook_deliveries (transaction_id)`);

    await q.query(`
      ALTER TABLE webhook_attempts
        ADD COLUMN url text,
        ADD COLUMN trigger text NOT NULL DEFAULT 'schedule' CHECK (trigger IN ('schedule', 'replay'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_attempts DROP COLUMN trigger, DROP COLUMN url`);
    await q.query(`DROP INDEX IF EXISTS webhook_deliveries_transaction_idx`);
    await q.query(`DROP INDEX IF EXISTS webhook_deliveries_app_status_idx`);
    await q.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT IF EXISTS webhook_deliveries_pending_is_scheduled`);
    await q.query(`
      ALTER TABLE webhook_deliveries
        DROP COLUMN last_attempt_at, DROP COLUMN replay_count, DROP COLUMN round_started_after,
        DROP COLUMN lease_until, DROP COLUMN mode`);
  }
}
