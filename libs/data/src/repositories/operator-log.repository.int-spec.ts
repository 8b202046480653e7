import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, TestDatabase } from '@momo/testing';
import { keyedRows } from './keyed-statements';
import { OperatorLogRepository } from './operator-log.repository';

describe('OperatorLogRepository callbacks against Postgres', () => {
  let db: TestDatabase;
  let repo: OperatorLogRepository;
  let merchant: Awaited<ReturnType<typeof seedMerchant>>;

  beforeAll(async () => {
    db = await createTestDatabase();
    repo = new OperatorLogRepository(db.dataSource);
    merchant = await seedMerchant(db.dataSource);
  });
  afterAll(() => db.drop());

  const callback = (transactionId: string, body: string) => ({
    transactionId,
    network: 'mtn',
    method: 'POST',
    path: `/callbacks/mtn/${transactionId}`,
    headers: { 'content-type': 'application/json' },
    body,
    remoteAddress: '127.0.0.1',
    outcome: 'status_check_queued',
  });

  it('stores callbacks arriving together, each answered with its own id, up to the cap per transaction', async () => {
    const a = await insertTransaction(db.dataSource, newTransaction(merchant));
    const b = await insertTransaction(db.dataSource, newTransaction(merchant));
    expect(await repo.recordCallback(callback(a.id, 'a0'), 3)).not.toBeNull();

    // Arriving at the same moment: `a` has room for two more, `b` for three.
    const ids = await Promise.all([
      repo.recordCallback(callback(a.id, 'a1'), 3),
      repo.recordCallback(callback(b.id, 'b1'), 3),
      repo.recordCallback(callback(a.id, 'a2'), 3),
      repo.recordCallback(callback(a.id, 'a3'), 3),
      repo.recordCallback(callback(b.id, 'b2'), 3),
    ]);
    expect(ids.map((id) => id !== null)).toEqual([true, true, true, false, true]);
    expect(new Set(ids.filter((id) => id !== null)).size).toBe(4);

    const stored = await repo.callbacksFor(a.id);
    expect(stored.map((c) => c.body)).toEqual(['a0', 'a1', 'a2']);
    // Each id names the callback it was returned for.
    const byId = new Map((await db.dataSource.query(`SELECT id::text, body FROM operator_callbacks`)).map((r: { id: string; body: string }) => [r.id, r.body]));
    expect([ids[0], ids[1], ids[2], ids[4]].map((id) => byId.get(id!))).toEqual(['a1', 'b1', 'a2', 'b2']);
  });

  it('plans the callback insert once per connection, not on every call', async () => {
    const t = await insertTransaction(db.dataSource, newTransaction(merchant));
    // One after another, so each lands on the connection the last one left (pg's pool is a stack).
    for (let n = 0; n < 8; n++) expect(await repo.recordCallback(callback(t.id, `c${n}`), 20)).not.toBeNull();
    const [plans] = await keyedRows(
      db.dataSource.manager,
      'callback-insert-plans',
      `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'operator_callbacks_insert_many'`,
      [],
    );
    expect(Number(plans.custom_plans)).toBe(0);
    expect(Number(plans.generic_plans)).toBeGreaterThanOrEqual(8);
  });

  it('stores the good callbacks of a batch when Postgres refuses one of them', async () => {
    const t = await insertTransaction(db.dataSource, newTransaction(merchant));
    const [good, bad] = await Promise.allSettled([
      repo.recordCallback(callback(t.id, 'fine'), 10),
      // A NUL character is refused by Postgres' text type.
      repo.recordCallback(callback(t.id, 'broken\u0000body'), 10),
    ]);
    expect(good.status).toBe('fulfilled');
    expect(bad.status).toBe('rejected');
    expect((await repo.callbacksFor(t.id)).map((c) => c.body)).toEqual(['fine']);
  });
});
