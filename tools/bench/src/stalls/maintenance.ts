import type { DataSource } from 'typeorm';

/** How many times Postgres has vacuumed and analysed each table on its own, and checkpointed, so far. */
export interface MaintenanceCounts {
  byTable: Map<string, { autovacuum: number; autoanalyze: number }>;
  checkpoints: number;
}

export async function readMaintenance(dataSource: DataSource): Promise<MaintenanceCounts> {
  const tables = (await dataSource.query(
    `SELECT schemaname || '.' || relname AS name, autovacuum_count, autoanalyze_count FROM pg_stat_user_tables`,
  )) as { name: string; autovacuum_count: string; autoanalyze_count: string }[];
  const [bgwriter] = (await dataSource.query(`SELECT checkpoints_timed + checkpoints_req AS checkpoints FROM pg_stat_bgwriter`)) as { checkpoints: string }[];
  return {
    byTable: new Map(tables.map((t) => [t.name, { autovacuum: Number(t.autovacuum_count), autoanalyze: Number(t.autoanalyze_count) }])),
    checkpoints: Number(bgwriter?.checkpoints ?? 0),
  };
}

/** "public.transactions vacuumed 1 and analysed 2 times, …; 1 checkpoint", or that there was none. */
export function describeMaintenance(before: MaintenanceCounts, after: MaintenanceCounts): string {
  const tables: string[] = [];
  for (const [name, now] of after.byTable) {
    const then = before.byTable.get(name) ?? { autovacuum: 0, autoanalyze: 0 };
    const vacuumed = now.autovacuum - then.autovacuum;
    const analysed = now.autoanalyze - then.autoanalyze;
    if (vacuumed > 0 || analysed > 0) tables.push(`${name} vacuumed ${vacuumed} and analysed ${analysed} times`);
  }
  const checkpoints = after.checkpoints - before.checkpoints;
  return `${tables.sort().join(', ') || 'no table vacuumed or analysed'}; ${checkpoints} checkpoint${checkpoints === 1 ? '' : 's'}`;
}
