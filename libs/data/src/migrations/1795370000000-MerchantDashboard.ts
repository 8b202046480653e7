import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The merchant dashboard (owned by merchant-dashboard; users are invited by the admin CLI too):
 * - `dashboard_users`: merchant staff with a role; a password hash (scrypt, with its parameters)
 *   once they accepted their invitation; failed sign-ins and a lock-out time;
 * - `dashboard_sessions`: server-side sessions, found by the SHA-256 of the cookie's token (a
 *   leaked table cannot be replayed), each with its CSRF token, idle and absolute expiry;
 * - `dashboard_audit_log`: every change made in the dashboard: who, what, when, from where;
 * - idempotency keys of dashboard money requests are scoped to the dashboard user, so
 *   `idempotency_keys.api_key_id` now holds an API key's id or a dashboard user's id (both UUIDs).
 */
export class MerchantDashboard1795370000000 implements MigrationInterface {
  name = 'MerchantDashboard1795370000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dashboard_users (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants(id),
        email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
        name text NOT NULL DEFAULT '' CHECK (length(name) <= 200),
        role text NOT NULL CHECK (role IN ('owner', 'developer', 'viewer')),
        live_access boolean NOT NULL DEFAULT true,
        password_hash text,
        invite_token_hash text UNIQUE,
        invite_expires_at timestamptz,
        failed_sign_ins integer NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0),
        locked_until timestamptz,
        disabled_at timestamptz,
        invited_by uuid REFERENCES dashboard_users(id),
        last_sign_in_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((invite_token_hash IS NULL) = (invite_expires_at IS NULL))
      )`);
    // One account per e-mail address across merchants: sign-in asks for the address only.
    await q.query(`CREATE UNIQUE INDEX dashboard_users_email_idx ON dashboard_users (email)`);
    await q.query(`CREATE INDEX dashboard_users_merchant_idx ON dashboard_users (merchant_id, created_at)`);

    await q.query(`
      CREATE TABLE dashboard_sessions (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES dashboard_users(id),
        csrf_token text NOT NULL,
        ip text,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await q.query(`CREATE INDEX dashboard_sessions_user_idx ON dashboard_sessions (user_id) WHERE revoked_at IS NULL`);
    await q.query(`CREATE INDEX dashboard_sessions_expiry_idx ON dashboard_sessions (expires_at)`);

    await q.query(`
      CREATE TABLE dashboard_audit_log (
        id bigserial PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants(id),
        user_id uuid REFERENCES dashboard_users(id),
        actor text NOT NULL,
        action text NOT NULL,
        mode text CHECK (mode IN ('test', 'live')),
        target text,
        details jsonb NOT NULL DEFAULT '{}',
        ip text,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX dashboard_audit_merchant_idx ON dashboard_audit_log (merchant_id, created_at DESC, id DESC)`);

    // The dashboard's deliveries and transaction pages list by merchant (all apps) and mode.
    await q.query(`CREATE INDEX IF NOT EXISTS transactions_merchant_mode_created_idx ON transactions (merchant_id, mode, created_at DESC, id DESC)`);

    await q.query(`ALTER TABLE idempotency_keys DROP CONSTRAINT IF EXISTS idempotency_keys_api_key_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM idempotency_keys i WHERE NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.id = i.api_key_id)`);
    await q.query(`ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_api_key_id_fkey FOREIGN KEY (api_key_id) REFERENCES api_keys(id)`);
    await q.query(`DROP INDEX IF EXISTS transactions_merchant_mode_created_idx`);
    await q.query(`DROP TABLE dashboard_audit_log`);
    await q.query(`DROP TABLE dashboard_sessions`);
    await q.query(`DROP TABLE dashboard_users`);
  }
}
