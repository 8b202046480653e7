import { createTestDatabase, TestDatabase } from '@momo/testing';
import { walByRelation, walByTable, walPosition } from './wal-by-relation';

describe('WAL by relation (bench:trips)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.dataSource.query(`CREATE TABLE wal_probe (id int PRIMARY KEY, body text NOT NULL)`);
  });

  afterAll(async () => {
    await db.drop();
  });

  it('puts the rows written to a table, and its index entries, under that table', async () => {
    const from = await walPosition(db.dataSource);
    await db.dataSource.query(`INSERT INTO wal_probe SELECT n, repeat('x', 500) FROM generate_series(1, 200) n`);
    const to = await walPosition(db.dataSource);

    const shares = await walByRelation(db.dataSource, from, to);

    const rows = shares.find((s) => s.relation === 'wal_probe' && s.recordType.startsWith('Heap'));
    expect(rows?.records).toBeGreaterThanOrEqual(1);
    // 200 rows of 500 bytes: at least 100 KB, however Postgres packs them into records.
    expect(rows!.bytes).toBeGreaterThan(100_000);
    const index = shares.find((s) => s.relation === 'wal_probe_pkey');
    expect(index).toMatchObject({ ofTable: 'wal_probe', recordType: expect.stringMatching(/^Btree /) });
    const table = walByTable(shares).find(([name]) => name === 'wal_probe');
    expect(table?.[1]).toBe(shares.filter((s) => s.relation === 'wal_probe' || s.ofTable === 'wal_probe').reduce((sum, s) => sum + s.bytes, 0));
  });
});
