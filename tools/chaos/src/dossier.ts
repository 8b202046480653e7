import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChaosSystem } from './chaos-system';
import { Problems } from './verify';

/** Every transaction id a problem line names (an operation with two transactions names both). */
const TRANSACTION_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * What support would pull up about a transaction that broke a rule, gathered before the private
 * database is thrown away: our row, our log of operator requests and callbacks, the reconciler's
 * schedule, and the simulated operator's own log of what it was asked.
 */
export async function writeDossiers(system: ChaosSystem, problems: Problems): Promise<string | undefined> {
  const ids = [...new Set(Object.values(problems).flat().flatMap((line) => line.match(TRANSACTION_ID) ?? []))].slice(0, 50);
  if (ids.length === 0) return undefined;
  const dossiers = await system.withDatabase(async (ds) =>
    Promise.all(
      ids.map(async (id) => ({
        transaction: (await ds.query(`SELECT * FROM transactions WHERE id = $1`, [id]))[0],
        operatorRequests: await ds.query(
          `SELECT created_at, operation, method, response_status, error, duration_ms, left(response_body, 300) AS response FROM operator_requests WHERE transaction_id = $1 ORDER BY id`,
          [id],
        ),
        callbacks: await ds.query(`SELECT created_at, outcome, left(body, 300) AS body FROM operator_callbacks WHERE transaction_id = $1 ORDER BY id`, [id]),
        reconciliation: (await ds.query(`SELECT * FROM reconciliation_checks WHERE transaction_id = $1`, [id]))[0] ?? null,
        idempotencyKey: (await ds.query(`SELECT key, state, response_status, attempts, locked_until, created_at, expires_at FROM idempotency_keys WHERE transaction_id = $1`, [id]))[0] ?? null,
        journals: await ds.query(`SELECT kind, created_at FROM ledger_journals WHERE transaction_id = $1 ORDER BY id`, [id]),
        events: await ds.query(`SELECT event_type, created_at, published_at, consumed_at FROM outbox_events WHERE transaction_id = $1`, [id]),
        operator: await (await fetch(`${system.stack.url('operator-simulator')}/control/requests?reference=${id}`)).json().catch(() => null),
        operatorRecord: await (await fetch(`${system.stack.url('operator-simulator')}/control/transactions/${id}`)).json().catch(() => null),
      })),
    ),
  );
  const file = join(system.logDirectory, 'problem-transactions.json');
  writeFileSync(file, JSON.stringify(dossiers, null, 2));
  return file;
}
