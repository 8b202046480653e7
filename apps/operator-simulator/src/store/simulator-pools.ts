import { Pool } from 'pg';

/**
 * The simulator's sets of connections, by how their statements are planned.
 * - `batches` runs the batch statements of answers, planned with each batch's values (their best
 *   plans depend on the batch and on tables that grow; a cached generic plan kept scanning them):
 *   its connections never use a generic plan, so those statements can be named and Postgres
 *   parses and analyses them once per connection instead of on every batch.
 * - `creations` runs the creation batch, which only inserts (no table read, so no plan to choose
 *   between scans): its connections always use the generic plan, made once per connection.
 * - `general` keeps Postgres' usual choice for everything else, such as the status lookup by key.
 */
export interface SimulatorPools {
  general: Pool;
  batches: Pool;
  creations: Pool;
}

export function openSimulatorPools(connectionString: string, size: number, onIdleError: (error: Error) => void): SimulatorPools {
  const general = new Pool({ connectionString, max: size, application_name: 'operator-simulator' });
  const batches = new Pool({
    connectionString,
    max: Math.max(1, Math.ceil(size / 2)),
    application_name: 'operator-simulator',
    options: '-c plan_cache_mode=force_custom_plan',
  });
  // Creations go one batch at a time (simulated-network.ts): a second connection covers one being replaced.
  const creations = new Pool({ connectionString, max: 2, application_name: 'operator-simulator', options: '-c plan_cache_mode=force_generic_plan' });
  // An idle connection Postgres dropped (a restart): the pool discards it; unheard, the event would end the process.
  for (const pool of [general, batches, creations]) pool.on('error', onIdleError);
  return { general, batches, creations };
}

export async function closeSimulatorPools(pools: SimulatorPools): Promise<void> {
  await Promise.all([pools.general.end(), pools.batches.end(), pools.creations.end()]);
}
