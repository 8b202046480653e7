import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { TEST_POSTGRES_URL } from '@momo/testing';
import { MIGRATIONS } from '../migrations';
import { ensureDatabase, runMigrations } from './migrate';

/** Several replicas starting at once must end with the schema applied exactly once. */
describe('runMigrations', () => {
  const name = `momo_t_migrate_${randomBytes(4).toString('hex')}`;
  const url = `${TEST_POSTGRES_URL}/${name}`;

  afterAll(async () => {
    const admin = new Client({ connectionString: `${TEST_POSTGRES_URL}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('creates the database once and applies every migration once, however many run together', async () => {
    const created = await Promise.all([ensureDatabase(url), ensureDatabase(url), ensureDatabase(url)]);
    expect(created.filter(Boolean)).toHaveLength(1);

    const runs = await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url), runMigrations(url)]);
    expect(runs.flat().sort()).toEqual(MIGRATIONS.map((m) => m.name).sort());

    const client = new Client({ connectionString: url });
    await client.connect();
    const applied = await client.query('SELECT name FROM schema_migrations');
    await client.end();
    expect(applied.rows.map((r) => r.name).sort()).toEqual(MIGRATIONS.map((m) => m.name).sort());
    expect(await runMigrations(url)).toEqual([]);
  });
});
