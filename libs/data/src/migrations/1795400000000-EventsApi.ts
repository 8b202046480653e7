import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events API (`GET /v1/events`) reads `outbox_events`: each row is written in the same
 * Postgres transaction as the status change it announces, and the webhook body is built from it.
 * Merchants page through one app's events in one mode, newest first, optionally by type: this
 * index serves that keyset (the mode lives in the stored Transaction, so it is an expression).
 */
export class EventsApi1795400000000 implements MigrationInterface {
  name = 'EventsApi1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX outbox_events_by_app_idx ON outbox_events (app_id, ((payload->>'mode')), created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS outbox_events_by_app_idx`);
  }
}
