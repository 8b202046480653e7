import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { TEST_POSTGRES_URL } from '@momo/testing';
import { ensureDatabase } from '../database/migrate';
import { MIGRATIONS } from './index';
import { PerModeWebhookSettings1795360000000 } from './1795360000000-PerModeWebhookSettings';

/**
 * An app from before per-mode settings keeps delivering exactly as before in both modes: its URL,
 * its secret and an open rotation window are carried to the test row and the live row.
 */
describe('PerModeWebhookSettings migration', () => {
  const name = `momo_t_permode_${randomBytes(4).toString('hex')}`;
  const url = `${TEST_POSTGRES_URL}/${name}`;
  let ds: DataSource;

  beforeAll(async () => {
    await ensureDatabase(url);
    ds = new DataSource({ type: 'postgres', url });
    await ds.initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
    const admin = new Client({ connectionString: `${TEST_POSTGRES_URL}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('copies every existing app’s URL, secret and rotation window to both modes, and back on down', async () => {
    const runner = ds.createQueryRunner();
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(PerModeWebhookSettings1795360000000));
    for (const Migration of before) await new Migration().up(runner);

    const merchantId = randomUUID();
    const [withUrl, withoutUrl] = [randomUUID(), randomUUID()];
    const window = new Date(Date.now() + 3_600_000);
    await ds.query(`INSERT INTO merchants (id, name) VALUES ($1, 'Old shop')`, [merchantId]);
    await ds.query(
      `INSERT INTO apps (id, merchant_id, name, webhook_url, webhook_secret_ciphertext, previous_webhook_secret_ciphertext, previous_webhook_secret_expires_at)
       VALUES ($1, $3, 'A', 'https://shop.example/hooks', 'sealed-current', 'sealed-previous', $4), ($2, $3, 'B', NULL, 'sealed-b', NULL, NULL)`,
      [withUrl, withoutUrl, merchantId, window],
    );

    await new PerModeWebhookSettings1795360000000().up(runner);
    const rows = await ds.query(
      `SELECT app_id, mode, url, secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at FROM app_webhook_settings ORDER BY app_id = $1 DESC, mode`,
      [withUrl],
    );
    expect(rows).toEqual([
      { app_id: withUrl, mode: 'live', url: 'https://shop.example/hooks', secret_ciphertext: 'sealed-current', previous_secret_ciphertext: 'sealed-previous', previous_secret_expires_at: window },
      { app_id: withUrl, mode: 'test', url: 'https://shop.example/hooks', secret_ciphertext: 'sealed-current', previous_secret_ciphertext: 'sealed-previous', previous_secret_expires_at: window },
      { app_id: withoutUrl, mode: 'live', url: null, secret_ciphertext: 'sealed-b', previous_secret_ciphertext: null, previous_secret_expires_at: null },
      { app_id: withoutUrl, mode: 'test', url: null, secret_ciphertext: 'sealed-b', previous_secret_ciphertext: null, previous_secret_expires_at: null },
    ]);
    const appColumns = await ds.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'apps' AND column_name LIKE '%webhook%'`);
    expect(appColumns).toEqual([]);

    // Down keeps the live settings: they are the ones live traffic is signed with.
    await ds.query(`UPDATE app_webhook_settings SET url = 'https://test-only.example/hooks', secret_ciphertext = 'sealed-test' WHERE app_id = $1 AND mode = 'test'`, [withUrl]);
    await new PerModeWebhookSettings1795360000000().down(runner);
    expect(await ds.query(`SELECT webhook_url, webhook_secret_ciphertext FROM apps WHERE id = $1`, [withUrl])).toEqual([
      { webhook_url: 'https://shop.example/hooks', webhook_secret_ciphertext: 'sealed-current' },
    ]);
    await runner.release();
  });
});
