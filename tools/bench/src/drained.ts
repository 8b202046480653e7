import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';

/**
 * Waits until every transaction so far is final (answers how long that took), so a paced run
 * measures its own load rather than the backlog the closed-loop maximum left in the pipeline.
 */
export async function drained(dataSource: DataSource): Promise<number> {
  const started = Date.now();
  for (;;) {
    const [{ pending }] = (await dataSource.query(`SELECT count(*)::int AS pending FROM transactions WHERE status = 'pending'`)) as { pending: number }[];
    if (pending === 0) break;
    if (Date.now() - started > 300_000) throw new Error(`${pending} transactions still pending after 5 minutes`);
    await sleep(500);
  }
  return Date.now() - started;
}
