import type { DataSourceOptions } from 'typeorm';
import { DEFAULT_POOL_IDLE_TIMEOUT_MS } from '@momo/platform';
import { ENTITIES } from '../entities';
import { MIGRATIONS } from '../migrations';

/** Schema comes only from migrations; `synchronize` is never on, not even in tests. */
export function dataSourceOptions(url: string, poolSize = 10, applicationName = 'momo', idleTimeoutMs = DEFAULT_POOL_IDLE_TIMEOUT_MS): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    // The keyed pool (keyed-statements.ts) copies these, the idle timeout with them.
    extra: { max: poolSize, application_name: applicationName, idleTimeoutMillis: idleTimeoutMs },
  };
}
