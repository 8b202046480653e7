import { createTestDatabase, TestDatabase } from '@momo/testing';
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
