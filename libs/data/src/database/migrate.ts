import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

/** Any constant works; it only has to be the same for every process that migrates this database. */
const MIGRATION_LOCK_ID = 7_342_001;

/**
 * Applies pending migrations. Safe when several replicas start at once: they queue on a Postgres
 * advisory lock, and each migration runs in its own transaction.
 */
export async function runMigrations(url: string, log: (line: string) => void = () => undefined): Promise<string[]> {
  const lock = new Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const dataSource = new DataSource(dataSourceOptions(url, 2, 'momo-migrate'));
    await dataSource.initialize();
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      for (const migration of applied) log(`applied ${migration.name}`);
      return applied.map((m) => m.name);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await lock.end();
  }
}

/** Creates the database named in the URL if it does not exist (development and tests). */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return false;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    return true;
  } catch (error) {
    // Another process created it between our check and our CREATE: Postgres says so either as
    // "database exists" or, when both CREATEs race in the catalog, as a unique violation.
    const code = (error as { code?: string }).code;
    if (code === '42P04' || code === '23505') return false;
    throw error;
  } finally {
    await client.end();
  }
}
