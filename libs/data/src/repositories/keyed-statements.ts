import type { PoolClient } from 'pg';
import type { EntityManager } from 'typeorm';
import { queryRows } from './hydrate';
import { keyedPool, keyedSettingsHold, mainPool, refusedStartupSettings } from './keyed-pool';
import { inKeyedTransaction } from './keyed-transaction';
import { runNamed, withPooledClient } from './prepared';

/**
 * Runs one of the hot statements named, so that Postgres parses and plans it once per connection
 * instead of on every call. Measured on this machine, a primary-key read of `transactions` costs
 * Postgres about 110-130 µs of CPU unprepared (planning weighs its 14 indexes) and 26-36 µs
 * prepared. Only fixed-shape statements that reach their rows by key belong here (the plan is
 * reused for every value).
 *
 * Outside a transaction it runs on the keyed pool, as keyedRows. On an ordinary connection a
 * prepared statement soon settles on a generic plan made from the statistics as last analysed:
 * from a table of a hundred rows, a sequential scan even for `WHERE id = $1`, kept in every call
 * until the next analyse. Inside a transaction it runs on the transaction's own connection; run
 * the transaction with keyedTransaction when its statements all reach rows by key. Where the
 * keyed settings cannot reach Postgres (a pooler that drops startup options), it is prepared on
 * the main pool, as before the keyed pool carried it.
 */
export async function preparedRows(em: EntityManager, name: string, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  const client = await transactionClient(em);
  if (client) return runNamed(client, name, text, values);
  // Where the keyed settings cannot reach Postgres, still prepared, on the main pool.
  if (!keyedSettingsHold(em.connection)) return withPooledClient(mainPool(em.connection), (pooled) => runNamed(pooled, name, text, values));
  return keyedRows(em, name, text, values);
}

/**
 * Runs a batch statement that reaches every row it touches by key (an `unnest` of ids joined on
 * primary keys and unique indexes) named, on a connection of the keyed pool, whose planner can
 * only probe indexes (KEYED_PLANNER_OPTIONS): Postgres parses and plans it once per connection.
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
 * Inside a keyedTransaction it runs named on the transaction's connection; inside any other
 * transaction, unnamed on the transaction's connection; and unnamed everywhere if the settings
 * did not take (a pooler that drops startup options).
 */
export async function keyedRows(em: EntityManager, name: string, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  const client = await transactionClient(em);
  if (client) return inKeyedTransaction(em) ? runNamed(client, name, text, values) : queryRows(em, text, values);
  if (!keyedSettingsHold(em.connection)) return queryRows(em, text, values);
  try {
    return await withPooledClient(keyedPool(em.connection), (pooled) => runNamed(pooled, name, text, values));
  } catch (error) {
    if (!refusedStartupSettings(em.connection, error)) throw error;
    return queryRows(em, text, values);
  }
}

/** The connection of the transaction `em` works in, if it works in one. */
async function transactionClient(em: EntityManager): Promise<PoolClient | undefined> {
  const runner = em.queryRunner;
  return runner && !runner.isReleased ? ((await runner.connect()) as PoolClient) : undefined;
}
