import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox relay publishes the events it takes together as one batch job (docs/performance.md);
 * each event keeps that job's id, which is what the outbox sweeper asks Redis about. Null for
 * events published before, each as a job named by its own id. A nullable column without a
 * default: no rewrite of the table.
 */
export class OutboxPublishedJob1795410060000 implements MigrationInterface {
  name = 'OutboxPublishedJob1795410060000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_events ADD COLUMN published_job text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_events DROP COLUMN published_job`);
  }
}
