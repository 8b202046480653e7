import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the merchant API needs beyond the initial schema:
 * - idempotency records keep the first response byte for byte (text, not jsonb, which reorders
 *   keys), sealed when it carries secrets, and count attempts so a retry gets its own job id;
 * - keys can be given an expiry (rotation with a grace period);
 * - transaction listings are per app *and mode*, so their indexes lead with both, and merchants
 *   look transactions up by their own reference and by phone number.
 */
export class MerchantApi1795320000000 implements MigrationInterface {
  name = 'MerchantApi1795320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE idempotency_keys
        ALTER COLUMN response_body TYPE text USING response_body::text,
        ADD COLUMN response_sealed boolean NOT NULL DEFAULT false,
        ADD COLUMN attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
        ADD CONSTRAINT idempotency_keys_completed_has_response
          CHECK ((state = 'completed') = (response_status IS NOT NULL AND response_body IS NOT NULL))`);

    await q.query(`ALTER TABLE api_keys ADD COLUMN expires_at timestamptz`);
    await q.query(`CREATE INDEX api_keys_app_idx ON api_keys (app_id) WHERE app_id IS NOT NULL`);

    await q.query(`DROP INDEX transactions_app_created_idx`);
    await q.query(`DROP INDEX transactions_app_status_idx`);
    await q.query(`CREATE INDEX transactions_app_mode_created_idx ON transactions (app_id, mode, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX transactions_app_mode_status_idx ON transactions (app_id, mode, status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX transactions_app_reference_idx ON transactions (app_id, mode, reference, created_at DESC) WHERE reference <> ''`);
    await q.query(`CREATE INDEX transactions_app_msisdn_idx ON transactions (app_id, mode, msisdn, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX transactions_app_msisdn_idx`);
    await q.query(`DROP INDEX transactions_app_reference_idx`);
    await q.query(`DROP INDEX transactions_app_mode_status_idx`);
    await q.query(`DROP INDEX transactions_app_mode_created_idx`);
    await q.query(`CREATE INDEX transactions_app_created_idx ON transactions (app_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX transactions_app_status_idx ON transactions (app_id, status, created_at DESC, id DESC)`);
    await q.query(`DROP INDEX api_keys_app_idx`);
    await q.query(`ALTER TABLE api_keys DROP COLUMN expires_at`);
    await q.query(`
      ALTER TABLE idempotency_keys
        DROP CONSTRAINT idempotency_keys_completed_has_response,
        DROP COLUMN attempts,
        DROP COLUMN response_sealed,
        ALTER COLUMN response_body TYPE jsonb USING response_body::jsonb`);
  }
}
