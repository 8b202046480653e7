import { DataSource, EntityManager } from 'typeorm';
import { createTestDatabase, TestDatabase } from '@momo/testing';
import { dataSourceOptions } from '../database/data-source-options';
import { queryRows } from './hydrate';
import { refusedStartupSettings } from './keyed-pool';
import { keyedRows, preparedRows } from './keyed-statements';
import { keyedTransaction } from './keyed-transaction';

/**
 * A keyed statement's plan is made once, while its table is tiny, and must still probe the index
 * once the table has grown: on one connection (a pool of one), as a service's connection would.
 */
describe('keyedRows (Postgres)', () => {
  const probe = probeDatabase('keyed_probe', 1);
  const lookup = `SELECT id FROM keyed_probe WHERE id = ANY($1::int[])`;

  const planOf = async (run: typeof keyedRows, statement: string) =>
    (await run(probe.dataSource.manager, `explain-${statement}`, `EXPLAIN (COSTS OFF) EXECUTE "${statement}"('{19999,20000}')`, []))
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  it('answers like a plain query, with one generic plan per connection', async () => {
    for (let i = 0; i < 10; i++) expect((await keyedRows(probe.dataSource.manager, 'keyed-probe', lookup, [[1, 2, 3]])).map((r) => r.id).sort()).toEqual([1, 2, 3]);
    const [prepared] = await keyedRows(probe.dataSource.manager, 'keyed-plans', `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'keyed-probe'`, []);
    expect(Number(prepared.custom_plans)).toBe(0);
    expect(Number(prepared.generic_plans)).toBeGreaterThan(0);
  });

  it('still reads by the index after the table grew, where an ordinary prepared statement kept scanning it', async () => {
    // The same lookup prepared on an ordinary connection settles on a plan for the small table.
    const ordinaryPlan = await probe.dataSource.transaction(async (em) => {
      for (let i = 0; i < 10; i++) expect(await preparedRows(em, 'ordinary-probe', lookup, [[1, 2, 3, 4, 5, 6, 7]])).toHaveLength(7);
      await em.query(`INSERT INTO keyed_probe SELECT n, repeat('x', 500) FROM generate_series(21, 20000) n`);
      return planIn(em, 'ordinary-probe');
    });
    expect(ordinaryPlan).toMatch(/Seq Scan on keyed_probe/);

    const keyedPlan = await planOf(keyedRows, 'keyed-probe');
    expect(keyedPlan).toMatch(/Index (Only )?Scan using keyed_probe_pkey/);
    expect(keyedPlan).not.toMatch(/Seq Scan|Bitmap/);
    expect((await keyedRows(probe.dataSource.manager, 'keyed-probe', lookup, [[19999, 20000]])).map((r) => r.id).sort()).toEqual([19999, 20000]);
  });

  it('preparedRows outside a transaction runs on the keyed pool: its plan made on the small table reads by the index', async () => {
    await probe.dataSource.query(`DELETE FROM keyed_probe WHERE id > 20`);
    for (let i = 0; i < 10; i++) expect(await preparedRows(probe.dataSource.manager, 'prepared-probe', lookup, [[1, 2, 3, 4, 5, 6, 7]])).toHaveLength(7);
    await probe.dataSource.query(`INSERT INTO keyed_probe SELECT n, repeat('x', 500) FROM generate_series(21, 20000) n`);
    const plan = await planOf(keyedRows, 'prepared-probe');
    expect(plan).toMatch(/Index (Only )?Scan using keyed_probe_pkey/);
    expect(plan).not.toMatch(/Seq Scan|Bitmap/);
  });

  it('runs unnamed on the transaction’s own connection inside a transaction', async () => {
    const inside = await probe.dataSource.transaction(async (em) => {
      await em.query(`INSERT INTO keyed_probe VALUES (30000, 'new')`);
      return keyedRows(em, 'keyed-probe', lookup, [[30000]]);
    });
    expect(inside).toEqual([{ id: 30000 }]);
  });
});

describe('keyedTransaction (Postgres)', () => {
  const probe = probeDatabase('keyed_tx_probe', 2);
  const lookup = `SELECT id FROM keyed_tx_probe WHERE id = ANY($1::int[])`;

  const count = async () => Number((await probe.dataSource.query(`SELECT count(*) AS n FROM keyed_tx_probe`))[0].n);

  it('commits its work, and rolls all of it back when the work fails', async () => {
    const before = await count();
    await keyedTransaction(probe.dataSource, (em) => em.query(`INSERT INTO keyed_tx_probe VALUES (100, 'kept')`));
    expect(await count()).toBe(before + 1);

    const failing = keyedTransaction(probe.dataSource, async (em) => {
      await em.query(`INSERT INTO keyed_tx_probe VALUES (101, 'rolled back')`);
      await em.query(`INSERT INTO keyed_tx_probe VALUES (100, 'a duplicate')`);
    });
    await expect(failing).rejects.toThrow(/duplicate key/);
    expect(await count()).toBe(before + 1);
    // Its connection went back to the pool in a usable state.
    expect(await keyedTransaction(probe.dataSource, (em) => keyedRows(em, 'keyed-tx-after-failure', lookup, [[100]]))).toEqual([{ id: 100 }]);
  });

  it('runs on a keyed connection: its statements are named there, on plans that probe the index once the table grew', async () => {
    const { settings, named } = await keyedTransaction(probe.dataSource, async (em) => {
      for (let i = 0; i < 10; i++) {
        expect(await preparedRows(em, 'tx-prepared-probe', lookup, [[1, 2, 3, 4, 5, 6, 7]])).toHaveLength(7);
        expect(await keyedRows(em, 'tx-keyed-probe', lookup, [[1, 2, 3]])).toHaveLength(3);
      }
      const [row] = await queryRows(em, `SELECT current_setting('plan_cache_mode') AS cache, current_setting('enable_seqscan') AS seqscan`);
      const statements = await queryRows(em, `SELECT name FROM pg_prepared_statements WHERE name LIKE 'tx-%' ORDER BY name`);
      return { settings: row, named: statements.map((s) => s.name) };
    });
    expect(settings).toEqual({ cache: 'force_generic_plan', seqscan: 'off' });
    expect(named).toEqual(['tx-keyed-probe', 'tx-prepared-probe']);

    await probe.dataSource.query(`INSERT INTO keyed_tx_probe SELECT n, repeat('x', 500) FROM generate_series(1000, 20000) n`);
    const plans = await keyedTransaction(probe.dataSource, async (em) => {
      // Each call takes whichever keyed connection is free: the statements are prepared on it first.
      await preparedRows(em, 'tx-prepared-probe', lookup, [[1]]);
      await keyedRows(em, 'tx-keyed-probe', lookup, [[1]]);
      return [await planIn(em, 'tx-prepared-probe'), await planIn(em, 'tx-keyed-probe')];
    });
    for (const plan of plans) {
      expect(plan).toMatch(/Index (Only )?Scan using keyed_tx_probe_pkey/);
      expect(plan).not.toMatch(/Seq Scan|Bitmap/);
    }
  });
});

describe('where a pooler refuses the keyed settings (Postgres)', () => {
  // A pool of one: the main pool's connection is the one every statement below lands on.
  const probe = probeDatabase('refused_probe', 1);
  // As a pooler's refusal of the `options` start-up parameter reads.
  beforeAll(() => expect(refusedStartupSettings(probe.dataSource, new Error('unsupported startup parameter: options'))).toBe(true));

  const settingsOf = (em: EntityManager) => queryRows(em, `SELECT current_setting('enable_seqscan') AS seqscan, current_setting('plan_cache_mode') AS cache`);

  it('runs prepared statements named on the main pool, keyed ones unnamed, and keyed transactions as ordinary ones', async () => {
    expect(await preparedRows(probe.dataSource.manager, 'refused-prepared', `SELECT $1::int AS one`, [1])).toEqual([{ one: 1 }]);
    expect(await keyedRows(probe.dataSource.manager, 'refused-keyed', `SELECT $1::int AS two`, [2])).toEqual([{ two: 2 }]);
    const named = await queryRows(probe.dataSource.manager, `SELECT name FROM pg_prepared_statements ORDER BY name`);
    expect(named.map((row) => row.name)).toEqual(['refused-prepared']);

    expect(await keyedTransaction(probe.dataSource, settingsOf)).toEqual([{ seqscan: 'on', cache: 'auto' }]);
  });
});

/**
 * A test database with a probe table of 20 rows, analysed while small (as autovacuum would have)
 * and then only when a test says so (a background analyse would replan the statements), and a
 * data source on it with a pool of `poolSize`: opened before the describe's tests, dropped after.
 */
function probeDatabase(table: string, poolSize: number): { dataSource: DataSource } {
  const probe = {} as { dataSource: DataSource; db: TestDatabase };
  beforeAll(async () => {
    probe.db = await createTestDatabase();
    await probe.db.dataSource.query(`CREATE TABLE ${table} (id int PRIMARY KEY, padding text) WITH (autovacuum_enabled = false)`);
    await probe.db.dataSource.query(`INSERT INTO ${table} SELECT n, repeat('x', 500) FROM generate_series(1, 20) n`);
    await probe.db.dataSource.query(`ANALYZE ${table}`);
    probe.dataSource = new DataSource(dataSourceOptions(probe.db.url, poolSize, `${table}-test`));
    await probe.dataSource.initialize();
  });
  afterAll(async () => {
    await probe.dataSource.destroy();
    await probe.db.drop();
  });
  return probe;
}

/** The plan the prepared statement `statement` keeps, explained on the connection `em` works on. */
const planIn = async (em: EntityManager, statement: string) =>
  (await queryRows(em, `EXPLAIN (COSTS OFF) EXECUTE "${statement}"('{19999,20000}')`)).map((row) => row['QUERY PLAN']).join('\n');
