import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The on-call console's own accounts, apart from merchants: console operators (platform on-call
 * engineers, role viewer or operator, scrypt password hash, lock-out after repeated failures),
 * their server-side sessions (only a hash of the cookie's token is stored), and the audit log of
 * everything they do (who, what, when, from where). Plus two indexes on transactions for support
 * searches across merchants (by phone number and by reference), which otherwise scan the table.
 */
export class OpsConsole1795381000000 implements MigrationInterface {
  name = 'OpsConsole1795381000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE console_operators (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('viewer', 'operator')),
        password_hash text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        failed_logins integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        last_login_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX console_operators_email_idx ON console_operators (lower(email))`);
    await q.query(`
      CREATE TABLE console_sessions (
        token_hash text PRIMARY KEY,
        operator_id uuid NOT NULL REFERENCES console_operators(id) ON DELETE CASCADE,
        csrf_token text NOT NULL,
        ip text,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX console_sessions_operator_idx ON console_sessions (operator_id)`);
    await q.query(`
      CREATE TABLE console_audit_log (
        id bigserial PRIMARY KEY,
        operator_id uuid REFERENCES console_operators(id) ON DELETE SET NULL,
        operator_email text NOT NULL,
        action text NOT NULL,
        target text,
        details jsonb NOT NULL DEFAULT '{}',
        outcome text NOT NULL CHECK (outcome IN ('ok', 'denied', 'failed')),
        ip text,
        user_agent text,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX console_audit_log_at_idx ON console_audit_log (at DESC)`);
    await q.query(`CREATE INDEX transactions_msisdn_idx ON transactions (msisdn, created_at DESC)`);
    await q.query(`CREATE INDEX transactions_reference_idx ON transactions (reference, created_at DESC) WHERE reference <> ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX transactions_reference_idx`);
    await q.query(`DROP INDEX transactions_msisdn_idx`);
    await q.query(`DROP TABLE console_audit_log`);
    await q.query(`DROP TABLE console_sessions`);
    await q.query(`DROP TABLE console_operators`);
  }
}
