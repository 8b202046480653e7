import { createHash, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATIONS, runMigrations } from '@momo/data';

/** The machine's Postgres (trust auth); tests create their own databases on it, never mock it. */
export const TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432';
const TEST_DB_PREFIX = 'momo_t_';

export interface TestDatabase {
  name: string;
  url: string;
  dataSource: DataSource;
  drop(): Promise<void>;
}

/**
 * A fresh, fully migrated database for one test file. Migrating once into a template (named by a
 * hash of the migration list) and cloning it per test keeps each test isolated and fast.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = await ensureTemplate();
  const name = `${TEST_DB_PREFIX}${randomBytes(6).toString('hex')}`;
  await withAdmin(async (admin) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        // Another worker is cloning the same template right now; Postgres allows one at a time.
        if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  });
  const url = `${TEST_POSTGRES_URL}/${name}`;
  const dataSource = new DataSource(dataSourceOptions(url, 5, 'momo-test'));
  await dataSource.initialize();
  return {
    name,
    url,
    dataSource,
    drop: async () => {
      await dataSource.destroy();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function ensureTemplate(): Promise<string> {
  const fingerprint = createHash('sha256')
    .update(MIGRATIONS.map((m) => m.name + m.prototype.up.toString()).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const template = `momo_template_${fingerprint}`;
  await withAdmin(async (admin) => {
    // One process builds the template; the others wait for it on this lock.
    await admin.query('SELECT pg_advisory_lock(7342002)');
    try {
      const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [template]);
      if (exists.rowCount) return;
      const building = `${template}_building_${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${building}"`);
      await runMigrations(`${TEST_POSTGRES_URL}/${building}`);
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(7342002)');
    }
  });
  return template;
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${TEST_POSTGRES_URL}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
