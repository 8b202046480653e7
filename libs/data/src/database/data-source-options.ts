import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from '../entities';
import { MIGRATIONS } from '../migrations';
import { CUSTOM_PLANS_ONLY } from './plan-cache';

export interface PoolSettings {
  /**
   * Every statement planned with its values (CUSTOM_PLANS_ONLY): for a service whose hot
   * statements are batches (plannedPerCallRows), which are then parsed once per connection. Its
   * fixed-shape prepared statements (preparedRows) lose their cached plans, so not for those.
   */
  customPlansOnly?: boolean;
}

/** Schema comes only from migrations; `synchronize` is never on, not even in tests. */
export function dataSourceOptions(url: string, poolSize = 10, applicationName = 'momo', settings: PoolSettings = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: poolSize, application_name: applicationName, ...(settings.customPlansOnly ? { options: withSessionOption(url, CUSTOM_PLANS_ONLY) } : {}) },
  };
}

/** Session options given in the URL (`?options=...`) are kept: a pool's own `options` replaces them. */
function withSessionOption(url: string, option: string): string {
  let fromUrl: string | null = null;
  try {
    fromUrl = new URL(url).searchParams.get('options');
  } catch {
    // Not a URL pg could take either; the connection attempt reports it.
  }
  return fromUrl ? `${fromUrl} ${option}` : option;
}
