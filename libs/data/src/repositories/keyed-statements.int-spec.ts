import { DataSource } from 'typeorm';
import { createTestDatabase, TestDatabase } from '@momo/testing';
import { dataSourceOptions } from '../database/data-source-options';
import { keyedRows } from './keyed-statements';
import { preparedRows } from './prepared';

/**
 * A keyed statement's plan is made once, while its table is tiny, and must still probe the index
 * once the table has grown: on one connection (a pool of one), as a service's connection would.
 */
describe('keyedRows (Postgres)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  const lookup = `SELECT id FROM keyed_probe WHERE id = ANY($1::int[])`;

  beforeAll(async () => {
    db = await createTestDatabase();
    // Analysed only when the test says so: a background analyse would replan both statements.
    await db.dataSource.query(`CREATE TABLE keyed_probe (id int PRIMARY KEY, padding text) WITH (autovacuum_enabled = false)`);
    await db.dataSource.query(`INSERT INTO keyed_probe SELECT n, repeat('x', 500) FROM generate_series(1, 20) n`);
    // As autovacuum would have, while the table was small.
    await db.dataSource.query(`ANALYZE keyed_probe`);
    dataSource = new DataSource(dataSourceOptions(db.url, 1, 'keyed-test'));
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await db.drop();
  });

  const planOf = async (run: typeof keyedRows, statement: string) =>
    (await run(dataSource.manager, `explain-${statement}`, `EXPLAIN (COSTS OFF) EXECUTE "${statement}"('{19999,20000}')`, []))
      .map((row) => row['QUERY PLAN'])
      .join('\n');

  it('answers like a plain query, with one generic plan per connection', async () => {
    for (let i = 0; i < 10; i++) expect((await keyedRows(dataSource.manager, 'keyed-probe', lookup, [[1, 2, 3]])).map((r) => r.id).sort()).toEqual([1, 2, 3]);
    const [prepared] = await keyedRows(dataSource.manager, 'keyed-plans', `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'keyed-probe'`, []);
    expect(Number(prepared.custom_plans)).toBe(0);
    expect(Number(prepared.generic_plans)).toBeGreaterThan(0);
  });

  it('still reads by the index after the table grew, where an ordinary prepared statement kept scanning it', async () => {
    // The same lookup prepared on an ordinary connection settles on a plan for the small table.
    for (let i = 0; i < 10; i++) expect(await preparedRows(dataSource.manager, 'ordinary-probe', lookup, [[1, 2, 3, 4, 5, 6, 7]])).toHaveLength(7);
    await dataSource.query(`INSERT INTO keyed_probe SELECT n, repeat('x', 500) FROM generate_series(21, 20000) n`);

    expect(await planOf(preparedRows, 'ordinary-probe')).toMatch(/Seq Scan on keyed_probe/);
    const keyedPlan = await planOf(keyedRows, 'keyed-probe');
    expect(keyedPlan).toMatch(/Index (Only )?Scan using keyed_probe_pkey/);
    expect(keyedPlan).not.toMatch(/Seq Scan|Bitmap/);
    expect((await keyedRows(dataSource.manager, 'keyed-probe', lookup, [[19999, 20000]])).map((r) => r.id).sort()).toEqual([19999, 20000]);
  });

  it('runs unnamed on the transaction’s own connection inside a transaction', async () => {
    const inside = await dataSource.transaction(async (em) => {
      await em.query(`INSERT INTO keyed_probe VALUES (30000, 'new')`);
      return keyedRows(em, 'keyed-probe', lookup, [[30000]]);
    });
    expect(inside).toEqual([{ id: 30000 }]);
  });
});
