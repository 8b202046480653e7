import { createTestDatabase, TestDatabase } from '@momo/testing';
import { Pool, PoolClient } from 'pg';
import { planFor, Scenario } from '../scenarios/scenarios';
import { SCHEMA, ensureSchema } from './simulator-schema';
import { closeSimulatorPools, openSimulatorPools, SimulatorPools } from './simulator-pools';
import { NewSimTransaction, SimulatorStore, TransactionKind } from './simulator-store';

const TIMINGS = { APPROVAL_DELAY_MS: 0, DELAYED_APPROVAL_MS: 60_000, PROMPT_WINDOW_MS: 60_000, EARLY_CALLBACK_LEAD_MS: 0, SLOW_ANSWER_MS: 0 };
const LIMITS = { perTransaction: 2_000, daily: 5_000, walletOpening: 1_000, accountOpening: 10_000 };

describe('SimulatorStore batches (real Postgres)', () => {
  let db: TestDatabase;
  let pools: SimulatorPools;
  let pool: Pool;
  let store: SimulatorStore;
  let seq = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    pools = openSimulatorPools(db.url, { size: 3, synchronousCommit: 'off' }, () => undefined);
    pool = pools.general;
    await ensureSchema(pool);
    store = new SimulatorStore(pools, LIMITS);
    await store.prepareForAnswers();
  });

  afterAll(async () => {
    await closeSimulatorPools(pools);
    await db.drop();
  });

  const request = (msisdn: string, amount: number, options: { kind?: TransactionKind; reference?: string; scenario?: Scenario } = {}) => {
    const kind = options.kind ?? 'collection';
    const scenario = options.scenario ?? 'approve';
    const input: NewSimTransaction = {
      operator: 'mtn',
      reference: options.reference ?? `ref-${++seq}`,
      kind,
      externalId: null,
      operatorTxnId: `txn-${++seq}`,
      msisdn,
      amount,
      currency: 'RWF',
      scenario,
      callbackUrl: null,
      callbackMethod: null,
      requestBody: { amount: String(amount) },
    };
    return { input, plan: planFor(scenario, kind, TIMINGS) };
  };

  const target = (r: { input: NewSimTransaction }) => ({ operator: r.input.operator, reference: r.input.reference, msisdn: r.input.msisdn, kind: r.input.kind, now: false });

  const movements = async (reference: string) =>
    Number((await pool.query(`SELECT count(*) AS n FROM ${SCHEMA}.movements WHERE reference = $1`, [reference])).rows[0].n);

  it('records a reference once when the same request arrives twice in one batch, and moves its money once', async () => {
    const first = request('250780000001', 100);
    const again = { ...request('250780000001', 100), input: { ...first.input, operatorTxnId: 'txn-other' } };
    const [a, b] = await store.createMany([first, again]);
    expect([a.kind, b.kind]).toEqual(['created', 'duplicate']);
    expect(b.kind === 'duplicate' && b.transaction.operatorTxnId).toBe(first.input.operatorTxnId);

    const resolved = await store.resolveMany(await store.due(100));
    expect(resolved.filter((t) => t.reference === first.input.reference).map((t) => t.status)).toEqual(['SUCCESSFUL']);
    expect(await store.resolveMany([{ ...target(first), now: true }])).toEqual([]);
    expect(await movements(first.input.reference)).toBe(1);
    // A re-sent request after it resolved is still the same transaction.
    const [late] = await store.createMany([first]);
    expect(late.kind === 'duplicate' && late.transaction.status).toBe('SUCCESSFUL');
  });

  it('counts earlier creations of the same batch against the daily limit, and checks the per-transaction limit', async () => {
    const results = await store.createMany([
      request('250780000002', 2_000),
      request('250780000002', 2_000),
      request('250780000002', 2_000),
      request('250780000002', 2_001),
      request('250780000003', 2_000),
    ]);
    expect(results.map((r) => (r.kind === 'limit' ? `limit:${r.limit}` : r.kind))).toEqual(['created', 'created', 'limit:daily', 'limit:per_transaction', 'created']);
    await store.resolveMany(await store.due(100));
  });

  it('debits each approval against what the earlier ones in the batch left, and fails the one the wallet cannot pay', async () => {
    const first = request('250780000004', 600);
    const second = request('250780000004', 600);
    await store.createMany([first, second]);
    const resolved = await store.resolveMany(await store.due(100));
    const byRef = new Map(resolved.map((t) => [t.reference, t]));
    expect([byRef.get(first.input.reference)?.status, byRef.get(second.input.reference)?.status]).toEqual(['SUCCESSFUL', 'FAILED']);
    expect(byRef.get(second.input.reference)?.reason).toBe('insufficient_funds');
    expect(await store.walletBalance('mtn', '250780000004')).toBe(400);
    expect([await movements(first.input.reference), await movements(second.input.reference)]).toEqual([1, 0]);
    // What was answered is what was stored.
    expect((await store.get('mtn', second.input.reference))?.status).toBe('FAILED');
  });

  it('pays transfers out of our disbursement account into the wallet, in the same batch as collections', async () => {
    const payout = request('250780000005', 300, { kind: 'transfer' });
    const payment = request('250780000005', 1_200);
    // Created one after the other, so the payout is resolved first and pays for the payment.
    await store.createMany([payout]);
    await store.createMany([payment]);
    const resolved = await store.resolveMany(await store.due(100));
    expect(resolved.map((t) => t.status)).toEqual(['SUCCESSFUL', 'SUCCESSFUL']);
    expect(await store.walletBalance('mtn', '250780000005')).toBe(1_000 + 300 - 1_200);
    expect(await store.accountBalance('mtn', 'disbursement')).toBe(10_000 - 300);
  });

  /** What `ask` answers on every connection of a pool (held at once, so each is asked). */
  const onEveryConnection = async <T>(pool: Pool, ask: (client: PoolClient) => Promise<T>): Promise<T[]> => {
    const clients = await Promise.all(Array.from({ length: pool.options.max ?? 1 }, () => pool.connect()));
    try {
      const answers: T[] = [];
      for (const client of clients) answers.push(await ask(client));
      return answers;
    } finally {
      for (const client of clients) client.release();
    }
  };

  /** Generic and custom plans made so far for each named statement, over every connection of a pool. */
  const plansIn = async (pool: Pool, names: string[]) => {
    const plans = new Map<string, { generic: number; custom: number }>();
    const perConnection = await onEveryConnection(pool, async (client) =>
      (await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
        `SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name = ANY($1)`,
        [names],
      )).rows,
    );
    for (const row of perConnection.flat()) {
      const sum = plans.get(row.name) ?? { generic: 0, custom: 0 };
      plans.set(row.name, { generic: sum.generic + Number(row.generic_plans), custom: sum.custom + Number(row.custom_plans) });
    }
    return plans;
  };

  it('plans the answers and the creations once per connection, parsing each statement once per connection', async () => {
    for (let i = 0; i < 8; i++) await store.createMany([request('250780000008', 100), request('250780000009', 100)]);
    await store.resolveMany(await store.due(100));
    const answers = await plansIn(pools.batches, ['sim-resolve-round']);
    expect(answers.get('sim-resolve-round')).toEqual({ generic: expect.any(Number), custom: 0 });
    expect(answers.get('sim-resolve-round')!.generic).toBeGreaterThanOrEqual(1);
    // The creation reads no table, so the one plan made on a new connection fits every size of table.
    const creations = await plansIn(pools.creations, ['sim-create-round']);
    expect(creations.get('sim-create-round')).toEqual({ generic: expect.any(Number), custom: 0 });
    expect(creations.get('sim-create-round')!.generic).toBeGreaterThanOrEqual(8);
  });

  it('still answers through the primary key once the table has grown under the plan made while it was small', async () => {
    // Analysed only when the test says so: an analyse would replan the statement on the grown table.
    await pool.query(`ALTER TABLE ${SCHEMA}.transactions SET (autovacuum_enabled = false)`);
    await store.createMany([request('250780000010', 100)]);
    await store.resolveMany(await store.due(100));
    await pool.query(
      `INSERT INTO ${SCHEMA}.transactions (operator, reference, kind, operator_txn_id, msisdn, amount, currency, scenario, status)
       SELECT 'mtn', 'grown-' || n, 'collection', 'grown-txn-' || n, '250799' || lpad((n % 50)::text, 6, '0'), 100, 'RWF', 'approve', 'SUCCESSFUL'
         FROM generate_series(1, 20000) n`,
    );
    const plans = await onEveryConnection(pools.batches, async (client) => {
      const prepared = await client.query(`SELECT 1 FROM pg_prepared_statements WHERE name = 'sim-resolve-round'`);
      if (prepared.rowCount === 0) return null;
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) EXECUTE "sim-resolve-round"('{mtn}', '{grown-1}', '{f}')`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    const made = plans.filter((plan): plan is string => plan !== null);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const plan of made) {
      const transactionScans = plan.split('\n').filter((line) => /Scan .* on transactions t/.test(line));
      // The rows locked, then the rows updated: each reached by its key.
      expect(transactionScans).toHaveLength(2);
      for (const scan of transactionScans) expect(scan).toMatch(/Index Scan using transactions_pkey on transactions t/);
      expect(plan).not.toMatch(/Seq Scan|Bitmap|Hash Join|Merge Join/);
    }
  });

  it("keeps each customer's daily total across batches and restarts, and stops counting what failed", async () => {
    const approved = request('250780000011', 2_000);
    const declined = request('250780000011', 2_000, { scenario: 'decline' });
    expect((await store.createMany([approved])).map((r) => r.kind)).toEqual(['created']);
    await store.setWalletBalance('mtn', '250780000011', 10_000);
    expect((await store.createMany([declined])).map((r) => r.kind)).toEqual(['created']);
    const third = request('250780000011', 2_000);
    expect(await store.createMany([third])).toEqual([{ kind: 'limit', limit: 'daily', value: 5_000 }]);

    // A restarted simulator reads today's totals from its table.
    const restartedPools = openSimulatorPools(db.url, { size: 2, synchronousCommit: 'off' }, () => undefined);
    try {
      const restarted = new SimulatorStore(restartedPools, LIMITS);
      expect(await restarted.createMany([request('250780000011', 1_001)])).toEqual([{ kind: 'limit', limit: 'daily', value: 5_000 }]);
      // The declined one stops counting once it has failed, in the process that failed it and after a restart.
      const resolved = await store.resolveMany([approved, declined].map((r) => ({ ...target(r), now: true })));
      expect(resolved.map((t) => t.status)).toEqual(['SUCCESSFUL', 'FAILED']);
      expect((await store.createMany([request('250780000011', 2_000)])).map((r) => r.kind)).toEqual(['created']);
      const again = new SimulatorStore(restartedPools, LIMITS);
      expect(await again.createMany([request('250780000011', 1_001)])).toEqual([{ kind: 'limit', limit: 'daily', value: 5_000 }]);
      expect((await again.createMany([request('250780000011', 1_000)])).map((r) => r.kind)).toEqual(['created']);
      // A request refused by a limit that repeats a recorded reference is that transaction.
      const repeated = await again.createMany([{ ...request('250780000011', 2_000), input: { ...approved.input } }]);
      expect(repeated.map((r) => r.kind === 'duplicate' && r.transaction.operatorTxnId)).toEqual([approved.input.operatorTxnId]);
    } finally {
      await closeSimulatorPools(restartedPools);
    }
  });

  it('leaves answers that are not due alone unless asked to settle now, and never settles a never-answering one', async () => {
    const delayed = request('250780000006', 100, { scenario: 'approve_delayed' });
    const pending = request('250780000007', 100, { scenario: 'stay_pending' });
    await store.createMany([delayed, pending]);
    const targets = [delayed, pending].map((r) => target(r));
    expect(await store.resolveMany(targets)).toEqual([]);
    const now = await store.resolveMany(targets.map((t) => ({ ...t, now: true })));
    expect(now.map((t) => [t.reference, t.status])).toEqual([[delayed.input.reference, 'SUCCESSFUL']]);
    expect((await store.get('mtn', pending.input.reference))?.status).toBe('PENDING');
  });

  it('pays out of our disbursement account while it holds enough, one after the other, and credits nobody for the payouts it cannot pay', async () => {
    const before = await store.accountBalance('mtn', 'disbursement');
    const payouts = Array.from({ length: 6 }, (_, i) => request(`25078000010${i}`, 2_000, { kind: 'transfer' }));
    await store.createMany(payouts);
    const resolved = await store.resolveMany(payouts.map(target).map((t) => ({ ...t, now: true })));
    const paid = resolved.filter((t) => t.status === 'SUCCESSFUL');
    expect(paid).toHaveLength(Math.floor(before / 2_000));
    expect(resolved.filter((t) => t.status === 'FAILED').every((t) => t.reason === 'insufficient_funds')).toBe(true);
    expect(await store.accountBalance('mtn', 'disbursement')).toBe(before - 2_000 * paid.length);
    for (const p of payouts) {
      const wasPaid = paid.some((t) => t.reference === p.input.reference);
      expect([await store.walletBalance('mtn', p.input.msisdn), await movements(p.input.reference)]).toEqual(wasPaid ? [3_000, 1] : [1_000, 0]);
    }
  });

  it('writes many request records in one insert, in arrival order', async () => {
    const at = new Date();
    await store.recordRequests(
      ['first', 'second', 'third'].map((operation) => ({ operator: 'airtel', operation, method: 'POST', path: '/x', reference: 'log-ref', externalId: null, status: 200, at })),
    );
    expect((await store.requests({ reference: 'log-ref', limit: 10 })).map((r) => r.operation)).toEqual(['third', 'second', 'first']);
    expect((await store.counts('log-ref')).requests).toEqual({ first: 1, second: 1, third: 1 });
  });
});
