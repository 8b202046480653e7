import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The system of record. Tables are grouped by the service that owns (writes) them:
 * api-gateway: merchants, apps, api_keys, idempotency_keys
 * payments-core: transactions, ledger_*, outbox_events
 * operator-adapter: operator_requests, operator_callbacks
 * webhook-dispatcher: webhook_deliveries, webhook_attempts
 * reconciler: reconciliation_checks
 * Rules that protect money live here too, so no code path can break them.
 */
export class InitialSchema1795314900000 implements MigrationInterface {
  name = 'InitialSchema1795314900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE merchants (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        business_verified boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        reads_per_minute integer CHECK (reads_per_minute > 0),
        writes_per_minute integer CHECK (writes_per_minute > 0),
        fee_schedule jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE apps (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants(id),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        webhook_url text,
        webhook_secret_ciphertext text NOT NULL,
        previous_webhook_secret_ciphertext text,
        previous_webhook_secret_expires_at timestamptz,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX apps_merchant_idx ON apps (merchant_id, created_at)`);

    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants(id),
        app_id uuid REFERENCES apps(id),
        kind text NOT NULL CHECK (kind IN ('app', 'account')),
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        key_hash text NOT NULL UNIQUE,
        key_hint text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        CHECK ((kind = 'app') = (app_id IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX api_keys_merchant_idx ON api_keys (merchant_id)`);

    await q.query(`
      CREATE TABLE idempotency_keys (
        api_key_id uuid NOT NULL REFERENCES api_keys(id),
        key text NOT NULL,
        request_hash text NOT NULL,
        state text NOT NULL CHECK (state IN ('in_progress', 'completed')),
        transaction_id uuid,
        response_status integer,
        response_body jsonb,
        locked_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (api_key_id, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at)`);

    await q.query(`
      CREATE TABLE transactions (
        id uuid PRIMARY KEY,
        merchant_id uuid NOT NULL REFERENCES merchants(id),
        app_id uuid NOT NULL REFERENCES apps(id),
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        direction text NOT NULL CHECK (direction IN ('collect', 'payout')),
        amount bigint NOT NULL CHECK (amount >= 100),
        currency text NOT NULL DEFAULT 'RWF' CHECK (currency = 'RWF'),
        fee bigint NOT NULL CHECK (fee >= 0),
        msisdn text NOT NULL CHECK (msisdn ~ '^250[0-9]{9}$'),
        description text NOT NULL DEFAULT '',
        reference text NOT NULL DEFAULT '',
        metadata jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        failure_code text,
        failure_message text,
        network text NOT NULL CHECK (network IN ('mtn', 'airtel')),
        provider text NOT NULL CHECK (provider IN ('mtn_momo', 'airtel_money')),
        provider_ref text NOT NULL DEFAULT '',
        initiated_by text NOT NULL CHECK (initiated_by IN ('api', 'dashboard', 'system')),
        reverses_payment_id uuid REFERENCES transactions(id),
        initiation_state text NOT NULL DEFAULT 'not_sent'
          CHECK (initiation_state IN ('not_sent', 'accepted', 'refused', 'unknown')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        settled_at timestamptz,
        CHECK ((status = 'pending') = (completed_at IS NULL)),
        CHECK ((status = 'failed') = (failure_code IS NOT NULL)),
        CHECK (reverses_payment_id IS NULL OR direction = 'payout')
      )`);
    await q.query(`CREATE INDEX transactions_app_created_idx ON transactions (app_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX transactions_app_status_idx ON transactions (app_id, status, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX transactions_pending_idx ON transactions (created_at) WHERE status = 'pending'`);
    // At most one refund in flight or done per payment: racing refunds cannot both win.
    await q.query(`
      CREATE UNIQUE INDEX transactions_one_active_refund_idx ON transactions (reverses_payment_id)
      WHERE reverses_payment_id IS NOT NULL AND status IN ('pending', 'succeeded')`);
    // Statuses only move forward, whatever the code path.
    await q.query(`
      CREATE FUNCTION transactions_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status IS DISTINCT FROM OLD.status AND OLD.status <> 'pending' THEN
          RAISE EXCEPTION 'transaction % is % and cannot become %', OLD.id, OLD.status, NEW.status
            USING ERRCODE = 'check_violation';
        END IF;
        IF (NEW.merchant_id, NEW.app_id, NEW.mode, NEW.direction, NEW.amount, NEW.fee, NEW.msisdn, NEW.network)
           IS DISTINCT FROM
           (OLD.merchant_id, OLD.app_id, OLD.mode, OLD.direction, OLD.amount, OLD.fee, OLD.msisdn, OLD.network) THEN
          RAISE EXCEPTION 'transaction % cannot change who, what or how much it moves', OLD.id
            USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER transactions_forward_only BEFORE UPDATE ON transactions
      FOR EACH ROW EXECUTE FUNCTION transactions_forward_only()`);

    await q.query(`
      CREATE TABLE ledger_accounts (
        id bigserial PRIMARY KEY,
        account_key text NOT NULL UNIQUE,
        kind text NOT NULL CHECK (kind IN ('merchant_available', 'merchant_reserved', 'operator_float', 'fee_revenue')),
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        merchant_id uuid REFERENCES merchants(id),
        network text,
        -- Cached only for merchant accounts, where overdraft must be impossible under concurrency;
        -- platform accounts are updated by every transaction, so theirs is derived from entries.
        balance bigint,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind IN ('merchant_available', 'merchant_reserved')) = (balance IS NOT NULL)),
        CONSTRAINT ledger_accounts_no_overdraft CHECK (balance >= 0)
      )`);
    await q.query(`
      CREATE TABLE ledger_journals (
        id bigserial PRIMARY KEY,
        transaction_id uuid NOT NULL REFERENCES transactions(id),
        kind text NOT NULL CHECK (kind IN ('collect_settled', 'payout_reserved', 'payout_settled', 'payout_released')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (transaction_id, kind)
      )`);
    await q.query(`
      CREATE TABLE ledger_entries (
        id bigserial PRIMARY KEY,
        journal_id bigint NOT NULL REFERENCES ledger_journals(id),
        account_id bigint NOT NULL REFERENCES ledger_accounts(id),
        amount bigint NOT NULL CHECK (amount <> 0)
      )`);
    await q.query(`CREATE INDEX ledger_entries_journal_idx ON ledger_entries (journal_id)`);
    await q.query(`CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id)`);
    // Every journal nets to zero, checked at commit so all legs can be written first.
    await q.query(`
      CREATE FUNCTION ledger_journal_balances() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE total bigint;
      BEGIN
        SELECT COALESCE(sum(amount), 0) INTO total FROM ledger_entries WHERE journal_id = NEW.journal_id;
        IF total <> 0 THEN
          RAISE EXCEPTION 'journal % does not balance (%)', NEW.journal_id, total USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE CONSTRAINT TRIGGER ledger_journal_balances AFTER INSERT ON ledger_entries
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_journal_balances()`);

    await q.query(`
      CREATE TABLE outbox_events (
        id uuid PRIMARY KEY,
        event_type text NOT NULL,
        transaction_id uuid NOT NULL REFERENCES transactions(id),
        app_id uuid NOT NULL REFERENCES apps(id),
        -- json, not jsonb: keeps the Transaction's field order for the webhook body.
        payload json NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        UNIQUE (transaction_id, event_type)
      )`);
    await q.query(`CREATE INDEX outbox_unpublished_idx ON outbox_events (created_at) WHERE published_at IS NULL`);

    await q.query(`
      CREATE TABLE operator_requests (
        id bigserial PRIMARY KEY,
        transaction_id uuid,
        network text NOT NULL,
        mode text NOT NULL,
        operation text NOT NULL,
        method text NOT NULL,
        url text NOT NULL,
        request_headers jsonb NOT NULL DEFAULT '{}',
        request_body text,
        response_status integer,
        response_body text,
        error text,
        duration_ms integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX operator_requests_transaction_idx ON operator_requests (transaction_id, created_at)`);
    await q.query(`
      CREATE TABLE operator_callbacks (
        id bigserial PRIMARY KEY,
        transaction_id uuid,
        network text NOT NULL,
        method text NOT NULL,
        path text NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}',
        body text,
        remote_address text,
        outcome text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX operator_callbacks_transaction_idx ON operator_callbacks (transaction_id, created_at)`);

    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY,
        event_id uuid NOT NULL REFERENCES outbox_events(id),
        app_id uuid NOT NULL REFERENCES apps(id),
        transaction_id uuid NOT NULL REFERENCES transactions(id),
        event_type text NOT NULL,
        url text NOT NULL,
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'abandoned')),
        attempt_count integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_status_code integer,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        UNIQUE (event_id, app_id)
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_app_idx ON webhook_deliveries (app_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
    await q.query(`
      CREATE TABLE webhook_attempts (
        id bigserial PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id),
        attempt_number integer NOT NULL,
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        status_code integer,
        response_body text,
        error text,
        UNIQUE (delivery_id, attempt_number)
      )`);

    await q.query(`
      CREATE TABLE reconciliation_checks (
        transaction_id uuid PRIMARY KEY REFERENCES transactions(id),
        checks_made integer NOT NULL DEFAULT 0,
        next_check_at timestamptz NOT NULL,
        last_checked_at timestamptz
      )`);
    await q.query(`CREATE INDEX reconciliation_checks_due_idx ON reconciliation_checks (next_check_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'reconciliation_checks', 'webhook_attempts', 'webhook_deliveries', 'operator_callbacks', 'operator_requests',
      'outbox_events', 'ledger_entries', 'ledger_journals', 'ledger_accounts', 'transactions', 'idempotency_keys',
      'api_keys', 'apps', 'merchants',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
    }
    await q.query(`DROP FUNCTION IF EXISTS transactions_forward_only() CASCADE`);
    await q.query(`DROP FUNCTION IF EXISTS ledger_journal_balances() CASCADE`);
  }
}
