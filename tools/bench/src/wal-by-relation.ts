import type { DataSource } from 'typeorm';

/** WAL records of one kind written to one relation (or to none: commits and the like). */
export interface WalShare {
  /** The relation's name, or `(<resource manager>, no relation)`. */
  relation: string;
  /** The table an index belongs to; null for anything else. */
  ofTable: string | null;
  /** e.g. `Heap INSERT`, `Btree INSERT_LEAF`. */
  recordType: string;
  bytes: number;
  records: number;
}

/** Where the WAL is now (flushed: pg_walinspect reads no further): read before and after a run. */
export async function walPosition(dataSource: DataSource): Promise<string> {
  const [row] = (await dataSource.query(`SELECT pg_current_wal_flush_lsn()::text AS lsn`)) as { lsn: string }[];
  return row.lsn;
}

/**
 * The WAL written between two positions, by relation and kind of record, largest first
 * (pg_walinspect; a record touching several blocks counts for its first). Relations of other
 * databases on the server are not named: they count as `(…, no relation)` with commits.
 */
export async function walByRelation(dataSource: DataSource, from: string, to: string): Promise<WalShare[]> {
  await dataSource.query(`CREATE EXTENSION IF NOT EXISTS pg_walinspect`);
  const rows: { relation: string; of_table: string | null; record_type: string; bytes: string; records: string }[] = await dataSource.query(
    `WITH records AS (
       SELECT record_length, resource_manager, record_type, substring(block_ref from 'rel \\d+/\\d+/(\\d+)')::oid AS filenode
         FROM pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)),
     named AS (
       SELECT r.record_length, r.resource_manager, r.record_type, c.oid AS relid, c.relkind, i.indrelid
         FROM records r
         LEFT JOIN pg_class c ON c.oid = pg_filenode_relation(0, r.filenode)
         LEFT JOIN pg_index i ON i.indexrelid = c.oid)
     SELECT CASE WHEN relid IS NOT NULL THEN relid::regclass::text ELSE '(' || resource_manager || ', no relation)' END AS relation,
            CASE WHEN relkind = 'i' THEN indrelid::regclass::text END AS of_table,
            resource_manager || ' ' || record_type AS record_type, sum(record_length) AS bytes, count(*) AS records
       FROM named GROUP BY 1, 2, 3 ORDER BY 4 DESC`,
    [from, to],
  );
  return rows.map((r) => ({ relation: r.relation, ofTable: r.of_table, recordType: r.record_type, bytes: Number(r.bytes), records: Number(r.records) }));
}

/** Bytes by table, each table's indexes counted with it, largest first. */
export function walByTable(shares: WalShare[]): [string, number][] {
  const byTable = new Map<string, number>();
  for (const share of shares) {
    const table = share.ofTable ?? share.relation;
    byTable.set(table, (byTable.get(table) ?? 0) + share.bytes);
  }
  return [...byTable].sort((a, b) => b[1] - a[1]);
}

/**
 * Per cash-in: which tables and indexes the WAL comes from, and as which records (a new row, an
 * update that had to write the whole row again, an index entry). What to read when the WAL
 * volume, and the kernel time writing it, is the question.
 */
export async function printWalByRelation(dataSource: DataSource, from: string, to: string, cashIns: number): Promise<void> {
  const shares = await walByRelation(dataSource, from, to);
  const total = shares.reduce((sum, share) => sum + share.bytes, 0);
  const kb = (bytes: number) => (bytes / 1024 / cashIns).toFixed(2).padStart(6);
  console.log(`WAL per cash-in by table, its indexes included (pg_walinspect): ${kb(total).trim()} KB in all`);
  for (const [table, bytes] of walByTable(shares).slice(0, 12)) console.log(`  ${kb(bytes)} KB  ${table}`);
  console.log(`  by relation and kind of record:  KB, records per cash-in, bytes per record`);
  for (const share of shares.slice(0, 20)) {
    const records = (share.records / cashIns).toFixed(2).padStart(5);
    const each = (share.bytes / share.records).toFixed(0).padStart(5);
    const index = share.ofTable ? ` (index of ${share.ofTable})` : '';
    console.log(`  ${kb(share.bytes)} KB  ${records}  ${each} B  ${share.relation}${index}: ${share.recordType}`);
  }
}
