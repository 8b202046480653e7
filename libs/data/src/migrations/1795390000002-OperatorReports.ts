import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operator statement reconciliation (docs/settlement.md#operator-statement-reconciliation):
 * imported operator reports (one row per file; the same file twice is one import), and the
 * reconciliation exceptions they raise, in the existing table:
 * - `missing_here` (a line we have no transaction for: no transaction_id, identified by the
 *   operator's reference instead), `missing_at_operator`, `amount_differs`; contradicting
 *   statuses reuse `missed_success` / `phantom_success`;
 * - each with its dossier (the report line and our record) and the report that found it.
 */
export class OperatorReports1795390000002 implements MigrationInterface {
  name = 'OperatorReports1795390000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operator_reports (
        id bigserial PRIMARY KEY,
        network text NOT NULL CHECK (network IN ('mtn', 'airtel')),
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        period_from timestamptz NOT NULL,
        period_to timestamptz NOT NULL,
        file_name text NOT NULL,
        file_sha256 text NOT NULL,
        line_count integer NOT NULL,
        summary jsonb NOT NULL,
        imported_by text NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now(),
        CHECK (period_to > period_from),
        UNIQUE (network, mode, file_sha256)
      )`);
    await q.query(`ALTER TABLE reconciliation_exceptions DROP CONSTRAINT reconciliation_exceptions_kind_check`);
    await q.query(`
      ALTER TABLE reconciliation_exceptions
        ALTER COLUMN transaction_id DROP NOT NULL,
        ALTER COLUMN recorded_status DROP NOT NULL,
        ALTER COLUMN reported_status DROP NOT NULL,
        ADD COLUMN network text CHECK (network IN ('mtn', 'airtel')),
        ADD COLUMN mode text CHECK (mode IN ('live', 'test')),
        ADD COLUMN operator_reference text,
        ADD COLUMN reported_amount bigint,
        ADD COLUMN report_id bigint REFERENCES operator_reports(id),
        ADD COLUMN dossier jsonb,
        ADD CONSTRAINT reconciliation_exceptions_kind_check
          CHECK (kind IN ('missed_success', 'phantom_success', 'missing_at_operator', 'missing_here', 'amount_differs')),
        ADD CONSTRAINT reconciliation_exceptions_subject
          CHECK ((transaction_id IS NULL) = (kind = 'missing_here')
                 AND (kind <> 'missing_here' OR (network IS NOT NULL AND mode IS NOT NULL AND operator_reference IS NOT NULL)))`);
    await q.query(`
      CREATE UNIQUE INDEX reconciliation_exceptions_missing_here_idx ON reconciliation_exceptions (mode, network, operator_reference)
      WHERE kind = 'missing_here'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM reconciliation_exceptions WHERE kind IN ('missing_at_operator', 'missing_here', 'amount_differs')`);
    await q.query(`DROP INDEX IF EXISTS reconciliation_exceptions_missing_here_idx`);
    await q.query(`ALTER TABLE reconciliation_exceptions DROP CONSTRAINT IF EXISTS reconciliation_exceptions_subject`);
    await q.query(`ALTER TABLE reconciliation_exceptions DROP CONSTRAINT IF EXISTS reconciliation_exceptions_kind_check`);
    await q.query(`ALTER TABLE reconciliation_exceptions ADD CONSTRAINT reconciliation_exceptions_kind_check CHECK (kind IN ('missed_success', 'phantom_success'))`);
    for (const column of ['dossier', 'report_id', 'reported_amount', 'operator_reference', 'mode', 'network']) {
      await q.query(`ALTER TABLE reconciliation_exceptions DROP COLUMN IF EXISTS ${column}`);
    }
    await q.query(`ALTER TABLE reconciliation_exceptions ALTER COLUMN transaction_id SET NOT NULL, ALTER COLUMN recorded_status SET NOT NULL, ALTER COLUMN reported_status SET NOT NULL`);
    await q.query(`DROP TABLE IF EXISTS operator_reports`);
  }
}
