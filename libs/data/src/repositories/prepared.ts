import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';

/** Runs `work` on a client out of `pool`, released afterwards; a connection that broke is not given back. */
export async function withPooledClient<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A client out of the pool has no 'error' listener of the pool's: when Postgres goes away (a
  // crash, a failover) the client emits one besides failing the query, and unheard it would kill
  // the process. The failed query tells the caller; a broken connection is not given back.
  client.on('error', ignoreConnectionError);
  let failure: unknown;
  try {
    return await work(client);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    client.off('error', ignoreConnectionError);
    client.release(failure !== undefined && !isSqlError(failure) ? (failure as Error) : undefined);
  }
}

function ignoreConnectionError(): void {
  // The query in flight on this client fails with the same error, which its caller handles.
}

/** An error Postgres answered with (a SQLSTATE): the connection itself is fine. */
function isSqlError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** Connections whose prepared statements went stale; they are dropped before the connection's next prepared query. */
const stale = new WeakSet<PoolClient>();

/**
 * One named statement on `client`, whose prepared statements are dropped first if they went stale.
 * A migration that changes a table under running services makes Postgres refuse a prepared
 * `SELECT *` once ("cached plan must not change result type"): that connection then forgets its
 * prepared statements (the statement fails once and its caller's retry, or the next use,
 * prepares it again).
 */
export async function runNamed(client: PoolClient, name: string, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  if (stale.has(client)) {
    stale.delete(client);
    await client.query('DEALLOCATE ALL');
    forgetPrepared(client);
  }
  try {
    return (await queryWithCallback(client, { name, text, values })).rows as Record<string, unknown>[];
  } catch (error) {
    if (STALE_PLAN_CODES.has((error as { code?: string }).code ?? '')) stale.add(client);
    throw error;
  }
}

/**
 * The query through pg's callback form, not its promise form. Under an AsyncLocalStorage (the
 * request id's and the logger's), pg's own promise left about 1 KB of every request alive through
 * one scavenge more, so it reached the old space and a Mark-Compact came every few seconds under
 * load (docs/performance.md, step 29). Why was not found (it lies in pg or V8); the callback form
 * does not do it.
 */
function queryWithCallback(client: PoolClient, config: QueryConfig): Promise<QueryResult> {
  return new Promise((resolve, reject) => client.query(config, (error: Error | undefined, result: QueryResult) => (error ? reject(error) : resolve(result))));
}

/**
 * 0A000: "cached plan must not change result type" (a table changed under a prepared statement);
 * 42P05/26000: the server's and the driver's lists of prepared statements disagree.
 */
const STALE_PLAN_CODES = new Set(['0A000', '42P05', '26000']);

function forgetPrepared(client: PoolClient): void {
  const connection = (client as unknown as { connection?: { parsedStatements?: Record<string, string>; submittedNamedStatements?: Record<string, string> } }).connection;
  if (connection?.parsedStatements) connection.parsedStatements = {};
  if (connection?.submittedNamedStatements) connection.submittedNamedStatements = {};
}
