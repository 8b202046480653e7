import { EventEmitter } from 'node:events';
import { DataSource } from 'typeorm';
import { batchInput } from '@momo/platform';
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

/** Batch statements over parallel arrays (batchInput and the batch_ordinals migration). */
describe('batchInput (Postgres)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('gives the arrays row by row in order, and a prepared statement on it keeps one plan whatever the batch size', async () => {
    const runner = db.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const text = `SELECT v.* FROM (${batchInput([['id', 'int'], ['label', 'text']])}) AS v`;
      for (const size of [1, 3, 1, 7, 2, 5, 1, 4, 30]) {
        const ids = Array.from({ length: size }, (_, i) => 100 - i);
        const rows = await preparedRows(runner.manager, 'batch_input_probe', text, [ids, ids.map((id) => `row ${id}`)]);
        expect(rows).toEqual(ids.map((id, i) => ({ id, label: `row ${id}`, ordinal: i + 1 })));
      }
      // After Postgres' five trial custom plans, the generic plan costs the same and is kept.
      const [plans] = await runner.query(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'batch_input_probe'`);
      expect(Number(plans.custom_plans)).toBe(5);
      expect(Number(plans.generic_plans)).toBe(4);
    } finally {
      await runner.release();
    }
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
