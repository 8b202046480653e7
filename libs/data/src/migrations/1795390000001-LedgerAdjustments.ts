import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ledger adjustments (docs/settlement.md#ledger-adjustments), written by the admin CLI: a platform
 * operator proposes a balanced movement between a merchant's available balance and a platform
 * account, with a reason (and the reconciliation exception it settles, if any); a different
 * operator approves it, and only then is its journal posted. A journal now comes from either a
 * transaction or an adjustment, never both.
 */
export class LedgerAdjustments1795390000001 implements MigrationInterface {
  name = 'LedgerAdjustments1795390000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_adjustments (
        id bigserial PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants(id),
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        amount bigint NOT NULL CHECK (amount <> 0),
        counterparty text NOT NULL CHECK (counterparty IN ('fee_revenue', 'operator_float')),
        network text CHECK (network IN ('mtn', 'airtel')),
        reason text NOT NULL CHECK (length(reason) BETWEEN 10 AND 2000),
        exception_id bigint REFERENCES reconciliation_exceptions(id),
        status text NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'approved', 'rejected')),
        proposed_by text NOT NULL CHECK (length(proposed_by) BETWEEN 1 AND 64),
        proposed_at timestamptz NOT NULL DEFAULT now(),
        decided_by text,
        decided_at timestamptz,
        decision_note text,
        CHECK ((counterparty = 'operator_float') = (network IS NOT NULL)),
        CHECK ((status = 'proposed') = (decided_by IS NULL)),
        CHECK ((decided_by IS NULL) = (decided_at IS NULL)),
        -- Two people: whoever decides is not whoever proposed.
        CONSTRAINT ledger_adjustments_two_people CHECK (decided_by IS NULL OR decided_by <> proposed_by)
      )`);
    await q.query(`CREATE INDEX ledger_adjustments_open_idx ON ledger_adjustments (proposed_at) WHERE status = 'proposed'`);

    await q.query(`ALTER TABLE ledger_journals ALTER COLUMN transaction_id DROP NOT NULL`);
    await q.query(`ALTER TABLE ledger_journals ADD COLUMN adjustment_id bigint UNIQUE REFERENCES ledger_adjustments(id)`);
    await q.query(`ALTER TABLE ledger_journals DROP CONSTRAINT ledger_journals_kind_check`);
    await q.query(`
      ALTER TABLE ledger_journals
        ADD CONSTRAINT ledger_journals_kind_check
          CHECK (kind IN ('collect_settled', 'collect_pending', 'collect_released', 'payout_reserved', 'payout_settled', 'payout_released', 'adjustment')),
        ADD CONSTRAINT ledger_journals_one_source CHECK ((transaction_id IS NULL) <> (adjustment_id IS NULL)),
        ADD CONSTRAINT ledger_journals_adjustment_kind CHECK ((kind = 'adjustment') = (adjustment_id IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM ledger_entries WHERE journal_id IN (SELECT id FROM ledger_journals WHERE adjustment_id IS NOT NULL)`);
    await q.query(`DELETE FROM ledger_journals WHERE adjustment_id IS NOT NULL`);
    await q.query(`ALTER TABLE ledger_journals DROP CONSTRAINT IF EXISTS ledger_journals_adjustment_kind`);
    await q.query(`ALTER TABLE ledger_journals DROP CONSTRAINT IF EXISTS ledger_journals_one_source`);
    await q.query(`ALTER TABLE ledger_journals DROP COLUMN IF EXISTS adjustment_id`);
    await q.query(`ALTER TABLE ledger_journals ALTER COLUMN transaction_id SET NOT NULL`);
    await q.query(`DROP TABLE IF EXISTS ledger_adjustments`);
  }
}
