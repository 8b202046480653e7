import { EventEmitter } from 'node:events';
import { DataSource } from 'typeorm';
import { createTestDatabase, PrivatePostgres, TestDatabase, waitFor } from '@momo/testing';
import { dataSourceOptions } from '../database/data-source-options';
import { preparedRows } from './prepared';

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
      const pool = (dataSource.driver as unknown as { master: { connect: () => Promise<EventEmitter> } }).master;
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
});
