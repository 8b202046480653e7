import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Withdrawals (docs/settlement.md#withdrawals): each merchant registers a settlement wallet per
 * mode (written by api-gateway, an account setting), and a withdrawal is a payout to it, marked.
 */
export class Withdrawals1795390000003 implements MigrationInterface {
  name = 'Withdrawals1795390000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE settlement_wallets (
        merchant_id uuid NOT NULL REFERENCES merchants(id),
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        msisdn text NOT NULL CHECK (msisdn ~ '^250[0-9]{9}$'),
        network text NOT NULL CHECK (network IN ('mtn', 'airtel')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (merchant_id, mode)
      )`);
    await q.query(`ALTER TABLE transactions ADD COLUMN withdrawal boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE transactions ADD CONSTRAINT transactions_withdrawal_is_payout CHECK (NOT withdrawal OR (direction = 'payout' AND reverses_payment_id IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transactions DROP CONSTRAINT IF EXISTS transactions_withdrawal_is_payout`);
    await q.query(`ALTER TABLE transactions DROP COLUMN IF EXISTS withdrawal`);
    await q.query(`DROP TABLE IF EXISTS settlement_wallets`);
  }
}
