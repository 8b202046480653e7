import { Logger } from '@nestjs/common';
import { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { KEYED_PLANNER_OPTIONS } from '@momo/platform';

/**
 * The data source's keyed pool: connections whose planner can only probe indexes and keeps one
 * generic plan per statement (KEYED_PLANNER_OPTIONS). Opened on first use, as large as the main
 * pool (it carries the hot path's statements, the main pool the rest), and closed with the data
 * source.
 */
export function keyedPool(dataSource: DataSource): Pool {
  const existing = pools.get(dataSource);
  if (existing) return existing;
  const main = mainPool(dataSource);
  const pool = new Pool({
    ...main.options,
    max: main.options.max ?? 10,
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

/** The data source's own pool (TypeORM's): where statements run when they are not keyed. */
export function mainPool(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/** False once a pooler (PgBouncer) refused or dropped the startup options: keyed work then runs the ordinary way. */
export function keyedSettingsHold(dataSource: DataSource): boolean {
  return !settingsRefused.has(dataSource);
}

/** Whether `error` is Postgres refusing the startup options; if so, keyed work on this data source runs the ordinary way from now on. */
export function refusedStartupSettings(dataSource: DataSource, error: unknown): boolean {
  if (!/startup parameter/i.test((error as Error)?.message ?? '')) return false;
  refuse(dataSource);
  return true;
}

const pools = new WeakMap<DataSource, Pool>();
const settingsRefused = new WeakSet<DataSource>();
const logger = new Logger('KeyedStatements');

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

function refuse(dataSource: DataSource): void {
  if (settingsRefused.has(dataSource)) return;
  settingsRefused.add(dataSource);
  logger.warn('the keyed planner settings cannot reach Postgres (a pooler that refuses or drops startup options?): keyed statements run unnamed');
}
