import { Logger } from '@nestjs/common';
import { Pool, PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { KEYED_PLANNER_OPTIONS } from '@momo/platform';
import { queryRows } from './hydrate';
import { runNamed, withPooledClient } from './prepared';

/**
 * Runs a batch statement that reaches every row it touches by key (an `unnest` of ids joined on
 * primary keys and unique indexes) named, on a connection of a second, smaller pool whose planner
 * can only probe indexes (KEYED_PLANNER_OPTIONS): Postgres parses and plans it once per
 * connection.
 *
 * Why not the ordinary ways. Unnamed, such a statement is parsed and planned on every call, and
 * planning a batch join costs Postgres more than executing it (bench:e2e, docs/performance.md).
 * Prepared on an ordinary connection, it soon runs on a cached generic plan chosen for the tables
 * as they were when it was made: on a table of a page, a sequential scan or a hash join over the
 * whole table, kept while the table grows to millions of rows until it is next analysed. With
 * scans and hash and merge joins priced out, the plan made on an empty table is the one that
 * serves a full one. The foreign-key checks of the statement's inserts run on the same settings,
 * and they are primary-key probes too.
 *
 * Inside a transaction the statement runs unnamed on the transaction's own connection, and so it
 * does everywhere if the settings did not take (a pooler that drops startup options).
 */
export async function keyedRows(em: EntityManager, name: string, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  const runner = em.queryRunner;
  if ((runner && !runner.isReleased) || settingsRefused.has(em.connection)) return queryRows(em, text, values);
  try {
    return await withPooledClient(keyedPool(em.connection), (client) => runNamed(client, name, text, values));
  } catch (error) {
    if (!/startup parameter/i.test((error as Error).message ?? '')) throw error;
    refuse(em.connection);
    return queryRows(em, text, values);
  }
}

const pools = new WeakMap<DataSource, Pool>();
const settingsRefused = new WeakSet<DataSource>();
const logger = new Logger('KeyedStatements');

/** The data source's keyed pool, opened on first use with half its connections, and closed with it. */
function keyedPool(dataSource: DataSource): Pool {
  const existing = pools.get(dataSource);
  if (existing) return existing;
  const main = (dataSource.driver as unknown as { master: Pool }).master;
  const pool = new Pool({
    ...main.options,
    max: Math.max(1, Math.ceil((main.options.max ?? 10) / 2)),
    options: KEYED_PLANNER_OPTIONS,
    // Idle connections must not keep a process that is otherwise done alive.
    allowExitOnIdle: true,
  });
  // An idle connection Postgres dropped (a restart): the pool discards it; unheard, the event would end the process.
  pool.on('error', () => undefined);
  // Checked ahead of the connection's first statement (a client runs its queries in order).
  pool.on('connect', (client) => void checkSettings(client, dataSource));
  pools.set(dataSource, pool);
  const destroy = dataSource.destroy.bind(dataSource);
  dataSource.destroy = async () => {
    pools.delete(dataSource);
    dataSource.destroy = destroy;
    await pool.end().catch(() => undefined);
    return destroy();
  };
  return pool;
}

async function checkSettings(client: PoolClient, dataSource: DataSource): Promise<void> {
  try {
    const { rows } = await client.query<{ keyed: boolean }>(
      `SELECT current_setting('plan_cache_mode') = 'force_generic_plan' AND current_setting('enable_seqscan') = 'off' AS keyed`,
    );
    if (!rows[0]?.keyed) refuse(dataSource);
  } catch {
    // The connection failed; its statement fails with it.
  }
}

/** A pooler (PgBouncer) refused or dropped the startup options: the statements run unnamed, as they would without this module. */
function refuse(dataSource: DataSource): void {
  if (settingsRefused.has(dataSource)) return;
  settingsRefused.add(dataSource);
  logger.warn('the keyed planner settings cannot reach Postgres (a pooler that refuses or drops startup options?): keyed statements run unnamed');
}
