import type { DataSource } from 'typeorm';

/** The stack's database counters (commits, connections opened, WAL), read before and after a load to count what it did. */
export interface DatabaseCounters {
  commits: number;
  sessions: number;
  walFlushes: number;
  walBytes: number;
  /** Full-page images: a page's first change after a checkpoint writes the whole page to the WAL. */
  walFullPages: number;
}

export async function databaseCounters(dataSource: DataSource): Promise<DatabaseCounters> {
  // The WAL figures are the whole server's (every database's commits together): the private server serves only this run.
  const rows: { xact_commit: string; sessions: string; wal_sync: string; wal_bytes: string; wal_fpi: string }[] = await dataSource.query(
    `SELECT xact_commit, sessions, w.wal_sync, w.wal_bytes, w.wal_fpi FROM pg_stat_database, pg_stat_wal w WHERE datname = 'momo'`,
  );
  // Statistics reach pg_stat_database when a backend reports them (at most every 500 ms idle).
  const row = rows[0];
  return {
    commits: Number(row?.xact_commit ?? 0),
    sessions: Number(row?.sessions ?? 0),
    walFlushes: Number(row?.wal_sync ?? 0),
    walBytes: Number(row?.wal_bytes ?? 0),
    walFullPages: Number(row?.wal_fpi ?? 0),
  };
}
