import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from '../entities';
import { MIGRATIONS } from '../migrations';

/** Schema comes only from migrations; `synchronize` is never on, not even in tests. */
export function dataSourceOptions(url: string, poolSize = 10, applicationName = 'momo'): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: poolSize, application_name: applicationName },
  };
}
