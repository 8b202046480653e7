import { Pool } from 'pg';

/**
 * The simulator's two sets of connections. `batches` runs the batch statements of creations and
 * answers, which are planned with each batch's values (their best plans depend on the batch and
 * on tables that grow; a cached generic plan kept scanning them): its connections never use a
 * generic plan, so those statements can be named and Postgres parses and analyses them once per
 * connection instead of on every batch, about a third of their cost. Everything else, such as
 * the status lookup by key, keeps cached plans on `general`.
 */
export interface SimulatorPools {
  general: Pool;
  batches: Pool;
}

export function openSimulatorPools(connectionString: string, size: number, onIdleError: (error: Error) => void): SimulatorPools {
  const general = new Pool({ connectionString, max: size, application_name: 'operator-simulator' });
  const batches = new Pool({
    connectionString,
    max: Math.max(1, Math.ceil(size / 2)),
    application_name: 'operator-simulator',
    options: '-c plan_cache_mode=force_custom_plan',
  });
  // An idle connection Postgres dropped (a restart): the pool discards it; unheard, the event would end the process.
  general.on('error', onIdleError);
  batches.on('error', onIdleError);
  return { general, batches };
}

export async function closeSimulatorPools(pools: SimulatorPools): Promise<void> {
  await Promise.all([pools.general.end(), pools.batches.end()]);
}
