import { QueryRunner } from 'typeorm';
import { KEYED_PLANNER_SETTINGS } from '@momo/platform';
import { createTestDatabase, TestDatabase } from '@momo/testing';
import { claimKeysSql, completeKeysSql } from './idempotency.repository';
import { MOVE_BALANCES_SQL, POST_JOURNALS_SQL } from './ledger.repository';
import { INSERT_CALLBACKS_SQL } from './operator-log.repository';
import { TAKE_IDS_SQL } from './outbox.repository';
import { FINALIZE_IN_ID_ORDER_SQL, insertPricedSql, SET_INITIATION_STATE_SQL, SET_INITIATION_STATES_ANSWERING_SQL, SET_INITIATION_STATES_SQL } from './transactions.repository';
import { CLAIM_ATTEMPT_SQL, CREATE_DELIVERIES_SQL, RECORD_ATTEMPTS_SQL } from './webhook-deliveries.repository';

/**
 * Statements that reach their rows by key, with a second condition that a partial index also
 * matches ("still pending", "not yet published"). Each keeps one generic plan per connection, made
 * whenever it was first planned: often while few rows met that condition, or while the table held
 * a hundred rows, as last analysed (a new deployment's first minutes). The plan must still probe
 * the primary key once thousands do (customers taking minutes to approve; events piling up while
 * Redis is away; deliveries due to an endpoint that is down), not walk an index in every call.
 * Each runs on a keyed connection (keyed-statements.ts), so each is planned with its settings.
 */
interface Statement {
  name: string;
  sql: string;
  parameters: number;
}

const TRANSACTION_STATEMENTS: Statement[] = [
  { name: 'initiation outcomes with their answers', sql: SET_INITIATION_STATES_ANSWERING_SQL, parameters: 10 },
  { name: 'initiation outcomes', sql: `${SET_INITIATION_STATES_SQL} RETURNING t.*`, parameters: 3 },
  { name: 'one initiation outcome', sql: SET_INITIATION_STATE_SQL, parameters: 3 },
  { name: 'final outcomes', sql: FINALIZE_IN_ID_ORDER_SQL, parameters: 5 },
];

const OUTBOX_TAKE_IDS: Statement = { name: 'outbox events taken by id', sql: TAKE_IDS_SQL, parameters: 2 };
const WEBHOOK_CLAIM_ATTEMPT: Statement = { name: 'webhook attempt claim', sql: CLAIM_ATTEMPT_SQL, parameters: 4 };
const IDEMPOTENCY_STATEMENTS: Statement[] = [
  { name: 'Idempotency-Keys claimed', sql: claimKeysSql(1), parameters: 6 },
  { name: 'Idempotency-Keys answered', sql: completeKeysSql(), parameters: 5 },
];
const LEDGER_POST_JOURNALS: Statement = { name: 'journals posted with their entries', sql: POST_JOURNALS_SQL, parameters: 6 };
const LEDGER_MOVE_BALANCES: Statement = { name: 'balances moved', sql: MOVE_BALANCES_SQL, parameters: 2 };
const WEBHOOK_CREATE_DELIVERIES: Statement = { name: 'webhook deliveries created for events', sql: CREATE_DELIVERIES_SQL, parameters: 4 };

describe('statements that reach rows by key, planned once', () => {
  let db: TestDatabase;
  let runner: QueryRunner;
  let prepared = 0;

  beforeEach(async () => {
    db = await createTestDatabase();
    // Analysed only when a test says so: a background analyse would replan the statements.
    await db.dataSource.query(`ALTER TABLE transactions SET (autovacuum_enabled = false)`);
    await db.dataSource.query(`ALTER TABLE outbox_events SET (autovacuum_enabled = false)`);
    await db.dataSource.query(`ALTER TABLE webhook_deliveries SET (autovacuum_enabled = false)`);
    await db.dataSource.query(`ALTER TABLE idempotency_keys SET (autovacuum_enabled = false)`);
    await db.dataSource.query(`ALTER TABLE ledger_accounts SET (autovacuum_enabled = false)`);
    runner = db.dataSource.createQueryRunner();
  });
  afterEach(async () => {
    await runner.release();
    await db.drop();
  });

  /** Prepares the statement on the runner's connection; `plan()` then explains the generic plan it keeps. */
  async function prepare(statement: Statement): Promise<{ plan: () => Promise<string> }> {
    const name = `plan_probe_${prepared++}`;
    await runner.query(`PREPARE ${name} AS ${statement.sql}`);
    const nulls = Array.from({ length: statement.parameters }, () => 'NULL').join(', ');
    return {
      plan: async () => {
        for (const setting of KEYED_PLANNER_SETTINGS) await runner.query(`SET ${setting.replace('=', ' = ')}`);
        try {
          const rows: { 'QUERY PLAN': string }[] = await runner.query(`EXPLAIN (COSTS OFF) EXECUTE ${name}(${nulls})`);
          return rows.map((row) => row['QUERY PLAN']).join('\n');
        } finally {
          for (const setting of KEYED_PLANNER_SETTINGS) await runner.query(`RESET ${setting.split('=')[0]}`);
        }
      },
    };
  }

  /** Runs `sql` with foreign keys off for the session: only the plans matter, so the rows' merchants and apps are left out. */
  async function fill(sql: string, values: unknown[]): Promise<void> {
    const filler = db.dataSource.createQueryRunner();
    try {
      await filler.query(`SET session_replication_role = replica`);
      await filler.query(sql, values);
    } finally {
      await filler.release();
    }
  }

  const insertTransactions = (count: number, status: 'pending' | 'succeeded') =>
    fill(
      `INSERT INTO transactions (id, merchant_id, app_id, mode, direction, amount, fee, msisdn, network, provider, initiated_by, status, completed_at)
       SELECT gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'test', 'collect', 1500, 0, '250788' || lpad(n::text, 6, '0'), 'mtn', 'mtn_momo', 'api',
              $2, CASE WHEN $2 = 'pending' THEN NULL ELSE now() END
         FROM generate_series(1, $1::int) n`,
      [count, status],
    );

  /** Events of one app when `appId` is given, else each of an app of its own. */
  const insertEvents = (count: number, published: boolean, appId: string | null = null) =>
    fill(
      `INSERT INTO outbox_events (id, event_type, transaction_id, app_id, payload, published_at)
       SELECT gen_random_uuid(), 'payment.succeeded', gen_random_uuid(), COALESCE($3::uuid, gen_random_uuid()), '{"mode":"test"}', CASE WHEN $2 THEN now() END
         FROM generate_series(1, $1::int) n`,
      [count, published, appId],
    );

  const insertDueDeliveries = (count: number) =>
    fill(
      `INSERT INTO webhook_deliveries (id, event_id, app_id, transaction_id, mode, event_type, url, body, next_attempt_at)
       SELECT gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'test', 'payment.succeeded', 'https://example.com/hook', '{}',
              now() - interval '1 minute'
         FROM generate_series(1, $1::int) n`,
      [count],
    );

  /** Index scans in an EXPLAIN (COSTS OFF) text with no condition under them: walks of a whole index. */
  const walksOfAnIndex = (plan: string): string[] => {
    const lines = plan.split('\n');
    return lines.flatMap((line, i) => {
      if (!/Index (Only )?Scan/.test(line)) return [];
      const details = [];
      for (let j = i + 1; j < lines.length && !/^\s*->/.test(lines[j]); j++) details.push(lines[j].trim());
      return details.some((detail) => detail.startsWith('Index Cond:')) ? [] : [line.trim()];
    });
  };
  const expectPlan = (statement: Statement, plan: string, byKey: RegExp, walking: RegExp) => {
    expect({ statement: statement.name, plan }).toEqual({ statement: statement.name, plan: expect.stringMatching(byKey) });
    expect({ statement: statement.name, plan }).toEqual({ statement: statement.name, plan: expect.not.stringMatching(walking) });
    expect({ statement: statement.name, walks: walksOfAnIndex(plan) }).toEqual({ statement: statement.name, walks: [] });
  };
  const TRANSACTION_BY_KEY = /Index Scan using transactions_pkey on transactions/;
  const WALKING_PENDING = /pending_idx|Seq Scan on transactions/;

  it('statements on transactions: planned on an empty table, and still once thousands are pending', async () => {
    const probes = [];
    for (const statement of TRANSACTION_STATEMENTS) probes.push(await prepare(statement));
    for (const [i, statement] of TRANSACTION_STATEMENTS.entries()) expectPlan(statement, await probes[i].plan(), TRANSACTION_BY_KEY, WALKING_PENDING);

    await insertTransactions(5_000, 'pending');
    for (const [i, statement] of TRANSACTION_STATEMENTS.entries()) expectPlan(statement, await probes[i].plan(), TRANSACTION_BY_KEY, WALKING_PENDING);
  });

  it('every statement on transactions: planned on a young table (a hundred rows, as last analysed)', async () => {
    await insertTransactions(100, 'succeeded');
    await runner.query(`ANALYZE transactions`);
    for (const statement of TRANSACTION_STATEMENTS) expectPlan(statement, await (await prepare(statement)).plan(), TRANSACTION_BY_KEY, WALKING_PENDING);
  });

  it('every statement on transactions: planned when few of many were pending (as last analysed)', async () => {
    await insertTransactions(20_000, 'succeeded');
    await insertTransactions(20, 'pending');
    await runner.query(`ANALYZE transactions`);
    for (const statement of TRANSACTION_STATEMENTS) expectPlan(statement, await (await prepare(statement)).plan(), TRANSACTION_BY_KEY, WALKING_PENDING);
  });

  it('outbox events taken by id: planned on an empty table, on young tables, and when few of many were unpublished', async () => {
    const byKey = /(Index Scan using outbox_events_pkey on outbox_events n|Bitmap Index Scan on outbox_events_pkey)/;
    const walking = /outbox_unpublished_idx|Seq Scan/;
    expectPlan(OUTBOX_TAKE_IDS, await (await prepare(OUTBOX_TAKE_IDS)).plan(), byKey, walking);

    // A benchmark's or a new deployment's first seconds: a hundred of each, as last analysed.
    await insertEvents(100, true);
    await insertTransactions(100, 'succeeded');
    await runner.query(`ANALYZE outbox_events`);
    await runner.query(`ANALYZE transactions`);
    expectPlan(OUTBOX_TAKE_IDS, await (await prepare(OUTBOX_TAKE_IDS)).plan(), byKey, walking);

    await insertEvents(20_000, true);
    await insertEvents(20, false);
    await runner.query(`ANALYZE outbox_events`);
    expectPlan(OUTBOX_TAKE_IDS, await (await prepare(OUTBOX_TAKE_IDS)).plan(), byKey, walking);
  });

  it('the webhook attempt claim: planned on an empty table, and on one of thousands of due deliveries', async () => {
    const byKey = /Index Scan using webhook_deliveries_pkey on webhook_deliveries d/;
    const walking = /webhook_deliveries_due_idx/;
    expectPlan(WEBHOOK_CLAIM_ATTEMPT, await (await prepare(WEBHOOK_CLAIM_ATTEMPT)).plan(), byKey, walking);

    await insertDueDeliveries(5_000);
    await runner.query(`ANALYZE webhook_deliveries`);
    expectPlan(WEBHOOK_CLAIM_ATTEMPT, await (await prepare(WEBHOOK_CLAIM_ATTEMPT)).plan(), byKey, walking);
  });

  it('webhook deliveries created for events: planned on a new outbox, and still by key once an app has thousands of events', async () => {
    const byKey = /Index Scan using outbox_events_pkey on outbox_events e/;
    const walking = /outbox_events_by_app_idx|outbox_unpublished_idx|Seq Scan/;
    const app = '00000000-0000-4000-8000-000000000001';
    // A new deployment's first minutes: a few dozen events, all of one app, as last analysed.
    await insertEvents(30, true, app);
    await runner.query(`ANALYZE outbox_events`);
    const probe = await prepare(WEBHOOK_CREATE_DELIVERIES);
    const onNew = await probe.plan();
    expectPlan(WEBHOOK_CREATE_DELIVERIES, onNew, byKey, walking);

    await insertEvents(20_000, true, app);
    await runner.query(`ANALYZE outbox_events`);
    const onFull = await (await prepare(WEBHOOK_CREATE_DELIVERIES)).plan();
    expectPlan(WEBHOOK_CREATE_DELIVERIES, onFull, byKey, walking);
  });

  const insertAccounts = (count: number) =>
    fill(
      `INSERT INTO ledger_accounts (account_key, kind, mode, network)
       SELECT 'operator_float:test:mtn:' || gen_random_uuid(), 'operator_float', 'test', 'mtn' FROM generate_series(1, $1::int) n`,
      [count],
    );

  it('a settlement batch\'s ledger statements: planned on young ledger tables, and still by key once they are full', async () => {
    const balancesByKey = /Index Scan using ledger_accounts_account_key_key on ledger_accounts l[\s\S]*Index Scan using ledger_accounts_pkey on ledger_accounts a/;
    const scanning = /Seq Scan|Bitmap/;
    // A new deployment's first minutes: a hundred accounts, as last analysed.
    await insertAccounts(100);
    await runner.query(`ANALYZE ledger_accounts`);
    const balances = await prepare(LEDGER_MOVE_BALANCES);
    const journals = await prepare(LEDGER_POST_JOURNALS);
    expectPlan(LEDGER_MOVE_BALANCES, await balances.plan(), balancesByKey, scanning);
    // It reads no table but through its inserts' keys: any scan would be of a table.
    expect({ statement: LEDGER_POST_JOURNALS.name, plan: await journals.plan() }).toEqual({ statement: LEDGER_POST_JOURNALS.name, plan: expect.not.stringMatching(/Scan on ledger|Scan using/) });

    await insertAccounts(20_000);
    await runner.query(`ANALYZE ledger_accounts`);
    expectPlan(LEDGER_MOVE_BALANCES, await balances.plan(), balancesByKey, scanning);
  });

  it('Idempotency-Key statements: planned on a young table (a hundred keys, as last analysed), and on a full one', async () => {
    const insertKeys = (count: number) =>
      fill(
        `INSERT INTO idempotency_keys (api_key_id, key, request_hash, state, expires_at)
         SELECT '00000000-0000-4000-8000-000000000002', gen_random_uuid()::text, 'h', 'in_progress', now() + interval '1 day' FROM generate_series(1, $1::int) n`,
        [count],
      );
    const byKey = /Index Scan using idempotency_keys_pkey on idempotency_keys k|Conflict Arbiter Indexes: idempotency_keys_pkey/;
    const walking = /Seq Scan|Bitmap/;
    await insertKeys(100);
    await runner.query(`ANALYZE idempotency_keys`);
    for (const statement of IDEMPOTENCY_STATEMENTS) expectPlan(statement, await (await prepare(statement)).plan(), byKey, walking);
    await insertKeys(20_000);
    await runner.query(`ANALYZE idempotency_keys`);
    for (const statement of IDEMPOTENCY_STATEMENTS) expectPlan(statement, await (await prepare(statement)).plan(), byKey, walking);
  });

  it('the other batch statements, each planned on a young table (a hundred rows, as last analysed): probes, no walks', async () => {
    await insertDueDeliveries(100);
    await fill(
      `INSERT INTO operator_callbacks (transaction_id, network, method, path, headers, body, remote_address, outcome)
       SELECT gen_random_uuid(), 'mtn', 'POST', '/callbacks/mtn', '{}', '{}', '127.0.0.1', 'applied' FROM generate_series(1, 100) n`,
      [],
    );
    await fill(`INSERT INTO merchants (id, name) SELECT gen_random_uuid(), 'merchant ' || n FROM generate_series(1, 100) n`, []);
    for (const table of ['webhook_deliveries', 'operator_callbacks', 'merchants']) await runner.query(`ANALYZE ${table}`);
    const scanning = /Seq Scan|Bitmap/;
    const cases: [Statement, RegExp][] = [
      [{ name: 'webhook attempts recorded', sql: RECORD_ATTEMPTS_SQL, parameters: 13 }, /Index Scan using webhook_deliveries_pkey on webhook_deliveries d/],
      [{ name: 'operator callbacks stored', sql: INSERT_CALLBACKS_SQL, parameters: 9 }, /Index Only Scan using operator_callbacks_transaction_idx on operator_callbacks c|Index Scan using operator_callbacks_transaction_idx on operator_callbacks c/],
      [{ name: 'cash-ins inserted, priced', sql: insertPricedSql(''), parameters: 18 }, /Index Scan using merchants_pkey on merchants m/],
    ];
    for (const [statement, byKey] of cases) expectPlan(statement, await (await prepare(statement)).plan(), byKey, scanning);
  });
});
