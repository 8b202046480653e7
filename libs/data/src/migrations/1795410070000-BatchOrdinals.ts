import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `batch_ordinals(n)`: 1..n, for batch statements that read parallel arrays row by row
 * (`repositories/batch-input.ts`). The planner takes `ROWS 4` as the size of every batch, whatever
 * the arrays hold, so a prepared batch statement's generic plan costs what its custom plans do and
 * Postgres keeps it instead of planning every call. An `unnest` of parameters is estimated at 10
 * rows in a generic plan and at the real count in a custom one, so Postgres replanned those
 * statements every time (docs/performance.md, step 13). PL/pgSQL: never inlined, so the estimate
 * holds; it costs a few microseconds a call.
 */
export class BatchOrdinals1795410070000 implements MigrationInterface {
  name = 'BatchOrdinals1795410070000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION batch_ordinals(n integer) RETURNS SETOF integer
        LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE ROWS 4
        AS $$ BEGIN RETURN QUERY SELECT generate_series(1, n); END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION batch_ordinals(integer)`);
  }
}
