import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settlement (docs/settlement.md), written by payments-core:
 * - a `merchant_pending` ledger account (cached, never negative, like available and reserved):
 *   a succeeded cash in is credited there (`collect_pending`) and moved to available by a
 *   settlement run, or by a refund of it before that (`collect_released`, at most once per cash
 *   in: the journals' unique (transaction, kind) key);
 * - `settlement_runs`, one per mode and period end (a re-run of the same period is the same run),
 *   and `settlements`, one per merchant, mode and period end, with its totals once completed;
 * - `transactions.settlement_id`, the settlement that released a cash in (null when a refund
 *   released it early; `settled_at` is set either way).
 * Cash ins posted before this migration (`collect_settled`, straight to available) count as
 * settled when they completed.
 */
export class Settlement1795390000000 implements MigrationInterface {
  name = 'Settlement1795390000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check`);
    await q.query(`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_check`);
    await q.query(`
      ALTER TABLE ledger_accounts
        ADD CONSTRAINT ledger_accounts_kind_check
          CHECK (kind IN ('merchant_pending', 'merchant_available', 'merchant_reserved', 'operator_float', 'fee_revenue')),
        ADD CONSTRAINT ledger_accounts_cached_check
          CHECK ((kind IN ('merchant_pending', 'merchant_available', 'merchant_reserved')) = (balance IS NOT NULL))`);
    await q.query(`ALTER TABLE ledger_journals DROP CONSTRAINT ledger_journals_kind_check`);
    await q.query(`
      ALTER TABLE ledger_journals ADD CONSTRAINT ledger_journals_kind_check
        CHECK (kind IN ('collect_settled', 'collect_pending', 'collect_released', 'payout_reserved', 'payout_settled', 'payout_released'))`);
    await q.query(`CREATE INDEX ledger_journals_created_idx ON ledger_journals (created_at, id)`);
    await q.query(`CREATE INDEX ledger_accounts_merchant_idx ON ledger_accounts (merchant_id, mode) WHERE merchant_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE settlement_runs (
        id bigserial PRIMARY KEY,
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        period_end timestamptz NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 1,
        completed_at timestamptz,
        UNIQUE (mode, period_end)
      )`);
    await q.query(`
      CREATE TABLE settlements (
        id uuid PRIMARY KEY,
        run_id bigint NOT NULL REFERENCES settlement_runs(id),
        merchant_id uuid NOT NULL REFERENCES merchants(id),
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        period_start timestamptz,
        period_end timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed')),
        transaction_count integer NOT NULL DEFAULT 0,
        gross bigint NOT NULL DEFAULT 0,
        fees bigint NOT NULL DEFAULT 0,
        net bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        CHECK ((status = 'completed') = (completed_at IS NOT NULL)),
        CHECK (net = gross - fees),
        UNIQUE (merchant_id, mode, period_end)
      )`);
    await q.query(`CREATE INDEX settlements_merchant_idx ON settlements (merchant_id, mode, period_end DESC)`);

    await q.query(`ALTER TABLE transactions ADD COLUMN settlement_id uuid REFERENCES settlements(id)`);
    await q.query(`ALTER TABLE transactions ADD CONSTRAINT transactions_settled_collects_only
      CHECK (settled_at IS NULL OR (direction = 'collect' AND status = 'succeeded'))`);
    await q.query(`ALTER TABLE transactions ADD CONSTRAINT transactions_settlement_stamped
      CHECK (settlement_id IS NULL OR settled_at IS NOT NULL)`);
    await q.query(`
      CREATE INDEX transactions_unsettled_idx ON transactions (mode, completed_at, merchant_id)
      WHERE direction = 'collect' AND status = 'succeeded' AND settled_at IS NULL`);
    await q.query(`CREATE INDEX transactions_settlement_idx ON transactions (settlement_id) WHERE settlement_id IS NOT NULL`);
    await q.query(`
      UPDATE transactions t SET settled_at = t.completed_at
       WHERE t.direction = 'collect' AND t.status = 'succeeded' AND t.settled_at IS NULL
         AND EXISTS (SELECT 1 FROM ledger_journals j WHERE j.transaction_id = t.id AND j.kind = 'collect_settled')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS transactions_settlement_idx`);
    await q.query(`DROP INDEX IF EXISTS transactions_unsettled_idx`);
    await q.query(`ALTER TABLE transactions DROP CONSTRAINT IF EXISTS transactions_settlement_stamped`);
    await q.query(`ALTER TABLE transactions DROP CONSTRAINT IF EXISTS transactions_settled_collects_only`);
    await q.query(`ALTER TABLE transactions DROP COLUMN IF EXISTS settlement_id`);
    await q.query(`DROP TABLE IF EXISTS settlements`);
    await q.query(`DROP TABLE IF EXISTS settlement_runs`);
    await q.query(`DROP INDEX IF EXISTS ledger_accounts_merchant_idx`);
    await q.query(`DROP INDEX IF EXISTS ledger_journals_created_idx`);
  }
}
