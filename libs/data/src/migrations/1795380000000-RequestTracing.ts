import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The request id and W3C trace context of the request that created a transaction. Work that
 * picks the transaction up later from Postgres (the reconciler's checks, the outbox relay, an
 * operator's result) continues under them, so one payment keeps one id and one trace across
 * every service. Nullable: transactions made before this have none. Each webhook delivery copies
 * its transaction's request id, so every attempt and replay sends the same X-Service-Request-Id.
 */
export class RequestTracing1795380000000 implements MigrationInterface {
  name = 'RequestTracing1795380000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transactions ADD COLUMN request_id text, ADD COLUMN traceparent text`);
    // Support looks payments up by the id a merchant quotes.
    await q.query(`CREATE INDEX transactions_request_id_idx ON transactions (request_id) WHERE request_id IS NOT NULL`);
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN request_id text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN request_id`);
    await q.query(`DROP INDEX transactions_request_id_idx`);
    await q.query(`ALTER TABLE transactions DROP COLUMN request_id, DROP COLUMN traceparent`);
  }
}
