import type { Pool, PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { keyedPool, keyedSettingsHold, refusedStartupSettings } from './keyed-pool';

/**
 * Runs `work` in a Postgres transaction on a connection of the keyed pool, as
 * `dataSource.transaction` would on the main pool: for transactions whose every statement reaches
 * its rows by key (a settlement batch). Their prepared and keyed statements then keep one plan per
 * connection that cannot turn into a scan, and so do the foreign-key checks of their inserts; on
 * an ordinary connection a statement first planned while a table held a hundred rows, as last
 * analysed, scans that table in every call until the next analyse.
 *
 * Where the keyed settings cannot reach Postgres (a pooler that drops startup options), it is
 * `dataSource.transaction`.
 */
export async function keyedTransaction<T>(dataSource: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  if (!keyedSettingsHold(dataSource)) return dataSource.transaction(work);
  const runner = new KeyedQueryRunner(dataSource);
  try {
    await runner.connect();
  } catch (error) {
    await runner.release();
    if (refusedStartupSettings(dataSource, error)) return dataSource.transaction(work);
    throw error;
  }
  try {
    // TypeORM's own transaction on this runner: started, committed, or rolled back with the first error reported.
    return await runner.manager.transaction(work);
  } finally {
    await runner.release();
  }
}

/** Whether `em` works inside a transaction on a keyed connection (keyedTransaction). */
export function inKeyedTransaction(em: EntityManager): boolean {
  return em.queryRunner instanceof KeyedQueryRunner && !em.queryRunner.isReleased;
}

/** TypeORM's Postgres query runner on a connection of the keyed pool instead of the main one. */
class KeyedQueryRunner extends PostgresQueryRunner {
  private readonly pool: Pool;

  constructor(dataSource: DataSource) {
    super(dataSource.driver as PostgresDriver, 'master');
    Object.assign(this, { manager: dataSource.createEntityManager(this) });
    this.pool = keyedPool(dataSource);
  }

  override connect(): Promise<PoolClient> {
    if (this.databaseConnection) return Promise.resolve(this.databaseConnection as PoolClient);
    this.databaseConnectionPromise ??= this.pool.connect().then((client) => {
      // Postgres going away while the client is out: heard here (unheard, it would end the
      // process), the query in flight fails with it, and the broken client is not given back.
      let broken: Error | undefined;
      const onError = (error: Error) => (broken = error);
      client.on('error', onError);
      this.databaseConnection = client;
      this.releaseCallback = () => {
        client.off('error', onError);
        client.release(broken);
      };
      return client;
    });
    return this.databaseConnectionPromise;
  }
}
