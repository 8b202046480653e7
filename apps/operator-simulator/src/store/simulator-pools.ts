import { Pool } from 'pg';
import { DEFAULT_POOL_IDLE_TIMEOUT_MS, KEYED_PLANNER_OPTIONS } from '@momo/platform';

/**
 * The simulator's sets of connections, by how their statements are planned.
 * - `batches` runs the batch statement of answers, which reaches every row by key: its connections
 *   keep one generic plan per statement and can only probe indexes (KEYED_PLANNER_OPTIONS), so the
 *   plan made on a new connection, however small the tables, is the one that serves them grown.
 *   An ordinary cached generic plan made while the table was nearly empty kept scanning it.
 * - `creations` runs the creation batch, which only inserts (no table read, so no plan to choose
 *   between scans): its connections always use the generic plan, made once per connection.
 * - `general` keeps Postgres' usual choice for everything else, such as the status lookup by key.
 *
 * By default none of them waits for its commits to reach the disk (synchronous_commit off): the simulator is
 * a test double, and no state of it that we act on can be lost that way while it shares our
 * Postgres server. Whatever we act on, we first record with a commit of our own that waits (the
 * operator log, before any answer is used), and that flush takes the WAL up to our commit record,
 * past every simulator commit we could have seen. A crash loses only simulator state nothing of
 * ours has recorded: a transaction it never answered for, or a resolution it makes again.
 * On a server of its own (SIMULATOR_DATABASE_URL) that argument does not hold: see docs/simulator.md
 * (SIMULATOR_SYNCHRONOUS_COMMIT=on).
 */
export interface SimulatorPools {
  general: Pool;
  batches: Pool;
  creations: Pool;
}

export interface SimulatorPoolOptions {
  size: number;
  synchronousCommit: 'on' | 'off';
}

export function openSimulatorPools(connectionString: string, { size, synchronousCommit }: SimulatorPoolOptions, onIdleError: (error: Error) => void): SimulatorPools {
  const commits = `-c synchronous_commit=${synchronousCommit}`;
  const shared = { connectionString, application_name: 'operator-simulator', idleTimeoutMillis: DEFAULT_POOL_IDLE_TIMEOUT_MS };
  const general = new Pool({ ...shared, max: size, options: commits });
  const batches = new Pool({
    ...shared,
    max: Math.max(1, Math.ceil(size / 2)),
    options: `${KEYED_PLANNER_OPTIONS} ${commits}`,
  });
  // Creations go one batch at a time (simulated-network.ts): a second connection covers one being replaced.
  const creations = new Pool({ ...shared, max: 2, options: `-c plan_cache_mode=force_generic_plan ${commits}` });
  // An idle connection Postgres dropped (a restart): the pool discards it; unheard, the event would end the process.
  for (const pool of [general, batches, creations]) pool.on('error', onIdleError);
  return { general, batches, creations };
}

export async function closeSimulatorPools(pools: SimulatorPools): Promise<void> {
  await Promise.all([pools.general.end(), pools.batches.end(), pools.creations.end()]);
}
