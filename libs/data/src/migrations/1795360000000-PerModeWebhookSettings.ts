import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Test and live are separate worlds inside one app (issue 10): each app has webhook settings per
 * mode, one row each in `app_webhook_settings` (URL, signing secret and the previous secret of an
 * open rotation window), the way Stripe keeps test and live endpoints apart. A test key reads and
 * changes only the test row; live deliveries are signed only with the live row's secrets.
 *
 * Existing apps: their one URL and secret (and an open rotation window) are copied to BOTH modes.
 * That is the only choice that breaks nothing in flight: every pending delivery, of either mode,
 * keeps going to the URL it was going to and stays signed with the secret its receiver knows.
 * The two modes start equal and part at the first change in either mode; docs/webhooks.md tells
 * merchants who ever let a test key rotate the secret to rotate the live one with a live key.
 * The columns on `apps` go: nothing reads them any more, and leaving a live secret there would
 * keep a second copy that no mode rule guards. A dispatcher of the old version still running
 * during the rollout fails its claim and leaves the delivery pending (the lease is never taken),
 * so the new version's sweeper makes that attempt: nothing is lost.
 */
export class PerModeWebhookSettings1795360000000 implements MigrationInterface {
  name = 'PerModeWebhookSettings1795360000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_webhook_settings (
        app_id uuid NOT NULL REFERENCES apps(id),
        mode text NOT NULL CHECK (mode IN ('live', 'test')),
        url text,
        secret_ciphertext text NOT NULL,
        previous_secret_ciphertext text,
        previous_secret_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (app_id, mode)
      )`);
    await q.query(`
      INSERT INTO app_webhook_settings (app_id, mode, url, secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at)
      SELECT a.id, m.mode, a.webhook_url, a.webhook_secret_ciphertext, a.previous_webhook_secret_ciphertext, a.previous_webhook_secret_expires_at
        FROM apps a CROSS JOIN (VALUES ('test'), ('live')) AS m(mode)`);
    await q.query(`
      ALTER TABLE apps
        DROP COLUMN webhook_url, DROP COLUMN webhook_secret_ciphertext,
        DROP COLUMN previous_webhook_secret_ciphertext, DROP COLUMN previous_webhook_secret_expires_at`);
  }

  /** Back to one setting per app: the live one, since it is the one that signs live traffic. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE apps
        ADD COLUMN webhook_url text, ADD COLUMN webhook_secret_ciphertext text,
        ADD COLUMN previous_webhook_secret_ciphertext text, ADD COLUMN previous_webhook_secret_expires_at timestamptz`);
    await q.query(`
      UPDATE apps a SET webhook_url = s.url, webhook_secret_ciphertext = s.secret_ciphertext,
             previous_webhook_secret_ciphertext = s.previous_secret_ciphertext, previous_webhook_secret_expires_at = s.previous_secret_expires_at
        FROM app_webhook_settings s WHERE s.app_id = a.id AND s.mode = 'live'`);
    await q.query(`ALTER TABLE apps ALTER COLUMN webhook_secret_ciphertext SET NOT NULL`);
    await q.query(`DROP TABLE app_webhook_settings`);
  }
}
