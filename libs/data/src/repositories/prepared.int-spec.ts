import { EventEmitter } from 'node:events';
import { DataSource, EntityManager } from 'typeorm';
import { createTestDatabase, PrivatePostgres, TestDatabase, waitFor } from '@momo/testing';
import { dataSourceOptions } from '../database/data-source-options';
import { queryRows } from './hydrate';
import { keyedPool } from './keyed-pool';
import { preparedRows } from './keyed-statements';
import { keyedTransaction } from './keyed-transaction';

/** Named prepared statements against a real Postgres, including a table changed under them. */
describe('preparedRows (Postgres)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.dataSource.query(`CREATE TABLE prepared_probe (id int PRIMARY KEY, label text)`);
    await db.dataSource.query(`INSERT INTO prepared_probe VALUES (1, 'one'), (2, 'two')`);
  });
  afterAll(() => db.drop());

  const read = (id: number) => preparedRows(db.dataSource.manager, 'prepared_probe_by_id', `SELECT * FROM prepared_probe WHERE id = $1`, [id]);

  it('answers like a plain query, inside and outside a transaction', async () => {
    expect(await read(1)).toEqual([{ id: 1, label: 'one' }]);
    expect(await read(2)).toEqual([{ id: 2, label: 'two' }]);
    const inside = await db.dataSource.transaction((em) => preparedRows(em, 'prepared_probe_by_id', `SELECT * FROM prepared_probe WHERE id = $1`, [1]));
    expect(inside).toEqual([{ id: 1, label: 'one' }]);
  });

  it('recovers when a migration changes the table under a prepared statement: at most one failure per connection', async () => {
    // Prepare on every pooled connection a few calls may land on.
    await Promise.all(Array.from({ length: 5 }, () => read(1)));
    await db.dataSource.query(`ALTER TABLE prepared_probe ADD COLUMN added text DEFAULT 'new'`);
    let failures = 0;
    let answer: Record<string, unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      try {
        answer = await read(1);
      } catch (error) {
        expect((error as { code?: string }).code).toBe('0A000');
        failures++;
      }
    }
    expect(answer).toEqual([{ id: 1, label: 'one', added: 'new' }]);
    expect(failures).toBeLessThanOrEqual(5);
  });
});

/** Lookups by an array of keys on a table that grows: unnamed (queryRows), each call's plan is made for the table as it is. */
describe('a lookup by an array of keys, unnamed (Postgres)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.dataSource.query(`CREATE TABLE planned_probe (id int PRIMARY KEY, padding text)`);
    await db.dataSource.query(`INSERT INTO planned_probe SELECT n, repeat('x', 500) FROM generate_series(1, 20) n`);
    // As autovacuum would have, while the table was small.
    await db.dataSource.query(`ANALYZE planned_probe`);
  });
  afterAll(() => db.drop());

  it('still reads by the index after the table grew under the same connection', async () => {
    const keys = [1, 2, 3, 4, 5, 6, 7];
    const scans = await db.dataSource.transaction(async (em) => {
      // The calls that would make a prepared statement settle on a generic plan for the small table.
      for (let i = 0; i < 10; i++) expect(await queryRows(em, `SELECT id FROM planned_probe WHERE id = ANY($1::int[])`, [keys])).toHaveLength(7);
      await em.query(`INSERT INTO planned_probe SELECT n, repeat('x', 500) FROM generate_series(21, 20000) n`);
      const before = await sequentialScans(em);
      const rows = await queryRows(em, `SELECT id FROM planned_probe WHERE id = ANY($1::int[])`, [[19999, 20000]]);
      expect(rows.map((r) => r.id).sort()).toEqual([19999, 20000]);
      return (await sequentialScans(em)) - before;
    });
    expect(scans).toBe(0);
  });

  const sequentialScans = async (em: EntityManager) =>
    Number((await em.query(`SELECT seq_scan FROM pg_stat_xact_user_tables WHERE relname = 'planned_probe'`))[0].seq_scan);
});

/** Postgres going away under a prepared query must fail the query, never the process. */
describe('preparedRows when Postgres crashes', () => {
  let postgres: PrivatePostgres;
  let dataSource: DataSource;

  beforeAll(async () => {
    postgres = await PrivatePostgres.start();
    dataSource = new DataSource(dataSourceOptions(`${postgres.url}/postgres`, 2, 'prepared-crash-test'));
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy().catch(() => undefined);
    await postgres.stop();
  });

  it('fails the query in flight, emits nothing unheard, and works again once Postgres is back', async () => {
    const unheard: unknown[] = [];
    const onUncaught = (error: unknown) => unheard.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // The client the query runs on: while it is out of the pool, something must hear its 'error' event.
      // Outside a transaction a prepared statement runs on the keyed pool.
      const pool = keyedPool(dataSource) as unknown as { connect: () => Promise<EventEmitter> };
      const connect = pool.connect.bind(pool);
      let client: EventEmitter | undefined;
      pool.connect = async () => (client = await connect());
      const slow = preparedRows(dataSource.manager, 'prepared_sleep', `SELECT pg_sleep($1::float8) AS slept`, [5]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      pool.connect = connect;
      expect(client?.listenerCount('error')).toBeGreaterThan(0);
      await postgres.crashAndRestart();
      await expect(slow).rejects.toThrow(/terminat/i);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unheard).toEqual([]);
      const again = await waitFor(
        () => preparedRows(dataSource.manager, 'prepared_one', `SELECT $1::int AS one`, [1]).catch(() => undefined),
        { timeoutMs: 15_000, what: 'Postgres back' },
      );
      expect(again).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('a keyedTransaction in flight fails with its connection, emits nothing unheard, and the next one commits', async () => {
    const unheard: unknown[] = [];
    const onUncaught = (error: unknown) => unheard.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      await dataSource.query(`CREATE TABLE IF NOT EXISTS crash_probe (id int PRIMARY KEY)`);
      const slow = keyedTransaction(dataSource, async (em) => {
        await em.query(`INSERT INTO crash_probe VALUES (1)`);
        await em.query(`SELECT pg_sleep(5)`);
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await postgres.crashAndRestart();
      await expect(slow).rejects.toThrow(/terminat|connection/i);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unheard).toEqual([]);
      await waitFor(
        () => keyedTransaction(dataSource, (em) => em.query(`INSERT INTO crash_probe VALUES (2)`)).then(() => true, () => undefined),
        { timeoutMs: 15_000, what: 'Postgres back' },
      );
      expect(await dataSource.query(`SELECT id FROM crash_probe ORDER BY id`)).toEqual([{ id: 2 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
