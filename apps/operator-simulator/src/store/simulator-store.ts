import { Pool, PoolClient } from 'pg';
import type { SimulatorPools } from './simulator-pools';
import { FailureReason, Plan, Scenario } from '../scenarios/scenarios';
import { DailyTotalKey, DailyTotals } from './daily-totals';
import { SCHEMA } from './simulator-schema';

export type OperatorId = 'mtn' | 'airtel';
export type TransactionKind = 'collection' | 'transfer' | 'refund';
export type SimStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

/** One transaction as the simulated operator records it. */
export interface SimTransaction {
  operator: OperatorId;
  reference: string;
  kind: TransactionKind;
  externalId: string | null;
  operatorTxnId: string;
  msisdn: string;
  amount: number;
  currency: string;
  refundOf: string | null;
  scenario: Scenario;
  status: SimStatus;
  reason: FailureReason | null;
  callbacks: number;
  callbackUrl: string | null;
  callbackMethod: string | null;
  requestBody: Record<string, unknown> | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

/** What a new request records: the operator decides the rest (status, reason, callbacks, times). */
export type NewSimTransaction = Omit<SimTransaction, 'refundOf' | 'status' | 'reason' | 'callbacks' | 'requestBody' | 'createdAt' | 'resolvedAt'> & {
  refundOf?: string | null;
  requestBody: Record<string, unknown>;
};

export interface Limits {
  perTransaction: number;
  daily: number;
  walletOpening: number;
  accountOpening: number;
}

export type CreateResult =
  | { kind: 'created'; transaction: SimTransaction }
  | { kind: 'duplicate'; transaction: SimTransaction }
  | { kind: 'limit'; limit: 'per_transaction' | 'daily'; value: number };

export interface RequestRecord {
  operator: OperatorId;
  operation: string;
  method: string;
  path: string;
  reference: string | null;
  externalId: string | null;
  status: number;
}

interface Row {
  operator: OperatorId;
  reference: string;
  kind: TransactionKind;
  external_id: string | null;
  operator_txn_id: string;
  msisdn: string;
  amount: string;
  currency: string;
  refund_of: string | null;
  scenario: Scenario;
  status: SimStatus;
  reason: FailureReason | null;
  callbacks: number;
  callback_url: string | null;
  callback_method: string | null;
  request_body: Record<string, unknown> | null;
  created_at: Date;
  resolved_at: Date | null;
}

const T = `${SCHEMA}.transactions`;

/** A new transaction and the plan its scenario dictates, as the create batch takes them. */
export interface CreateRequest {
  input: NewSimTransaction;
  plan: Plan;
}

/**
 * A pending transaction to answer: when its answer is due, or at once (`now`). The customer and
 * kind say which balances it moves, so a batch can be cut into rounds that never touch one twice.
 */
export interface ResolveTarget {
  operator: OperatorId;
  reference: string;
  msisdn: string;
  kind: TransactionKind;
  now: boolean;
}

/**
 * All SQL of the simulator. Hot paths take many requests per statement (one commit for a batch of
 * creations, one transaction for a batch of resolutions); each money movement still commits with
 * the status change that caused it.
 */
export class SimulatorStore {
  private readonly pool: Pool;
  private readonly batches: Pool;
  private readonly creations: Pool;
  private readonly dailyTotals = new DailyTotals((dayStart) => this.loadDailyTotals(dayStart));

  constructor(
    pools: SimulatorPools,
    private readonly limits: Limits,
  ) {
    this.pool = pools.general;
    this.batches = pools.batches;
    this.creations = pools.creations;
  }

  /**
   * Records many new transactions, in order: each is a duplicate of a transaction already there
   * (or earlier in the batch), refused by a limit, or created. Usually one statement (one round
   * trip, one commit) for the whole batch, after the limits are checked in memory. A batch in which a
   * customer or a reference comes back is cut into rounds, so the daily limit counts the earlier
   * creations of the same batch. One batch runs at a time in a process, so totals hold under
   * concurrency (the simulator runs as one replica).
   */
  async createMany(requests: CreateRequest[]): Promise<CreateResult[]> {
    const results: CreateResult[] = new Array(requests.length);
    for (const round of rounds(requests.map((r) => r.input))) {
      const outcomes = await this.createRound(round.map((i) => requests[i]));
      round.forEach((index, j) => (results[index] = outcomes[j]));
    }
    return results;
  }

  /**
   * One statement for requests whose customers and references are all different. The limits are
   * checked against today's totals in memory (daily-totals.ts), so the statement only inserts: it
   * reads no table, and its one generic plan (the creations pool) fits every size of table. A
   * request not inserted, or refused by a limit, may be a duplicate: what is already there wins.
   */
  private async createRound(requests: CreateRequest[]): Promise<CreateResult[]> {
    const totalToday = await this.dailyTotals.today();
    const refusals = requests.map(({ input }) => this.limitRefusal(input, totalToday));
    const toInsert = requests.filter((_, j) => !refusals[j]);
    const created = toInsert.length > 0 ? await this.countedWrite(() => this.insertRound(toInsert)) : new Map<string, Date>();
    const createdAt = requests.map(({ input }) => created.get(keyOf(input)));
    requests.forEach(({ input }, j) => {
      const at = createdAt[j];
      if (at && input.kind !== 'refund') this.dailyTotals.add(input, input.amount, at);
    });
    const others = requests.filter((_, j) => !createdAt[j]).map((r) => r.input);
    const found = others.length > 0 ? await this.getMany(others) : new Map<string, SimTransaction>();
    return requests.map(({ input, plan }, j): CreateResult => {
      const at = createdAt[j];
      if (at) return { kind: 'created', transaction: newTransaction(input, plan, at) };
      const existing = found.get(keyOf(input));
      if (existing) return { kind: 'duplicate', transaction: existing };
      const refusal = refusals[j];
      if (refusal) return refusal;
      throw new Error(`transaction ${keyOf(input)} vanished while being deduplicated`);
    });
  }

  /** The limit a new request would break, if any (refunds are bounded by what they refund, not by limits). */
  private limitRefusal(input: NewSimTransaction, totalToday: (key: DailyTotalKey) => number): CreateResult | null {
    if (input.kind === 'refund') return null;
    if (input.amount > this.limits.perTransaction) return { kind: 'limit', limit: 'per_transaction', value: this.limits.perTransaction };
    if (totalToday(input) + input.amount > this.limits.daily) return { kind: 'limit', limit: 'daily', value: this.limits.daily };
    return null;
  }

  /** Inserts the requests not already there, opening each new customer's wallet; one commit. Answers when each was created. */
  private async insertRound(rows: CreateRequest[]): Promise<Map<string, Date>> {
    const { rows: inserted } = await this.creations.query<{ operator: OperatorId; reference: string; created_at: Date }>({
      name: 'sim-create-round',
      text: `WITH inserted AS (
               INSERT INTO ${T} (operator, reference, kind, external_id, operator_txn_id, msisdn, amount, currency, refund_of, scenario,
                 status, planned_status, planned_reason, resolve_at, early_callback_at, callbacks, callback_url, callback_method, request_body)
               SELECT v.operator, v.reference, v.kind, v.external_id, v.operator_txn_id, v.msisdn, v.amount, v.currency, v.refund_of, v.scenario,
                 'PENDING', v.planned_status, v.planned_reason,
                 now() + make_interval(secs => (v.resolve_after_ms / 1000.0)::float8),
                 now() + make_interval(secs => (v.early_after_ms / 1000.0)::float8),
                 v.callbacks, v.callback_url, v.callback_method, v.request_body::jsonb
                 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[],
                             $10::text[], $11::text[], $12::text[], $13::int[], $14::int[], $15::int[], $16::text[], $17::text[], $18::text[])
                   AS v(operator, reference, kind, external_id, operator_txn_id, msisdn, amount, currency, refund_of,
                        scenario, planned_status, planned_reason, resolve_after_ms, early_after_ms, callbacks, callback_url, callback_method, request_body)
               ON CONFLICT (operator, reference) DO NOTHING
               RETURNING operator, reference, msisdn, created_at),
             -- The customer's wallet is opened with the first transaction, so answering it only updates balances.
             opened AS (
               INSERT INTO ${SCHEMA}.wallets (operator, msisdn, balance)
               SELECT DISTINCT operator, msisdn, $19::bigint FROM inserted ORDER BY 1, 2
               ON CONFLICT (operator, msisdn) DO NOTHING)
             SELECT operator, reference, created_at FROM inserted`,
      values: [
        rows.map((r) => r.input.operator),
        rows.map((r) => r.input.reference),
        rows.map((r) => r.input.kind),
        rows.map((r) => r.input.externalId),
        rows.map((r) => r.input.operatorTxnId),
        rows.map((r) => r.input.msisdn),
        rows.map((r) => r.input.amount),
        rows.map((r) => r.input.currency),
        rows.map((r) => r.input.refundOf ?? null),
        rows.map((r) => r.input.scenario),
        rows.map((r) => r.plan.outcome?.status ?? null),
        rows.map((r) => r.plan.outcome?.reason ?? null),
        rows.map((r) => r.plan.outcome?.afterMs ?? null),
        rows.map((r) => r.plan.earlyCallbackAfterMs ?? null),
        rows.map((r) => r.plan.callbacks),
        rows.map((r) => r.input.callbackUrl),
        rows.map((r) => r.input.callbackMethod),
        rows.map((r) => JSON.stringify(r.input.requestBody)),
        this.limits.walletOpening,
      ],
    });
    return new Map(inserted.map((row) => [keyOf(row), row.created_at]));
  }

  /** A write that changes what counts against the daily limit: if it fails, its commit is in doubt, so the totals are read again when next needed. */
  private async countedWrite<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      this.dailyTotals.forget();
      throw error;
    }
  }

  /** Today's totals per customer from the table, for `DailyTotals` to start from. */
  private async loadDailyTotals(dayStart: Date): Promise<{ key: DailyTotalKey; total: number }[]> {
    const { rows } = await this.pool.query<{ operator: string; msisdn: string; kind: string; total: string }>(
      `SELECT operator, msisdn, kind, sum(amount)::text AS total FROM ${T}
        WHERE created_at >= $1 AND status <> 'FAILED' AND kind <> 'refund' GROUP BY operator, msisdn, kind`,
      [dayStart],
    );
    return rows.map(({ total, ...key }) => ({ key, total: Number(total) }));
  }

  /**
   * Applies the planned answers of many pending transactions, in order, and returns those this
   * call resolved (not yet due, already resolved or never answered: left alone). Usually one
   * statement for the whole batch; a batch that touches a wallet twice, or our disbursement
   * account twice, is cut into rounds so that each debit sees what the earlier ones left.
   */
  async resolveMany(targets: ResolveTarget[]): Promise<SimTransaction[]> {
    const resolved: SimTransaction[] = [];
    for (const round of resolutionRounds(targets)) resolved.push(...(await this.resolveRound(round.map((i) => targets[i]))));
    return resolved;
  }

  /**
   * One statement (one commit) for transactions that touch different balances: it claims those
   * still pending and due, moves the money of approvals (a collection debits the wallet if it
   * holds enough; a payout or refund debits our disbursement account if it holds enough and credits
   * the wallet), records each movement, and sets each final status, FAILED for lack of funds where
   * the money could not move. Every wallet exists by then: it is opened when its first transaction
   * is created (and at start for older pending ones), so the debits are plain conditional updates.
   *
   * The rows are locked by key alone and filtered after: with the pending answers' partial index
   * usable, a plan made on a small table read that index whole instead of probing the key.
   *
   * Planned once per connection, on the batches pool, whose planner can only probe indexes: an
   * ordinary cached generic plan, made while the table was nearly empty and kept, found each row to
   * update through the msisdn index by operator alone, reading every transaction of the operator
   * for each one, so a tick cost more as the table grew (13 ms a statement on average over 30 s at
   * 150 cash-ins/s); planned afresh on every tick, it cost Postgres 80-115 µs of planning per
   * cash-in beside 150-176 µs of execution (bench:trips at 250/s).
   */
  private async resolveRound(targets: ResolveTarget[]): Promise<SimTransaction[]> {
    const rows = await this.countedWrite(() => this.resolveRoundRows(targets));
    for (const row of rows) if (row.status === 'FAILED' && row.kind !== 'refund') this.dailyTotals.takeBack(row, Number(row.amount), row.created_at);
    return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime()).map(toTransaction);
  }

  private async resolveRoundRows(targets: ResolveTarget[]): Promise<Row[]> {
    const { rows } = await this.batches.query<Row>({
      name: 'sim-resolve-round',
      text: `WITH locked AS MATERIALIZED (
               SELECT t.operator, t.reference, t.kind, t.msisdn, t.amount, t.external_id, t.planned_status, t.planned_reason,
                      t.status, t.resolve_at, k.now
                 FROM ${T} t JOIN unnest($1::text[], $2::text[], $3::bool[]) AS k(operator, reference, now)
                   ON t.operator = k.operator AND t.reference = k.reference
                FOR UPDATE OF t),
             picked AS MATERIALIZED (
               SELECT operator, reference, kind, msisdn, amount, external_id, planned_status, planned_reason FROM locked
                WHERE status = 'PENDING' AND resolve_at IS NOT NULL AND (resolve_at <= now() OR now)),
             approved AS (SELECT * FROM picked WHERE planned_status = 'SUCCESSFUL'),
             paid_out AS (
               UPDATE ${SCHEMA}.accounts a SET balance = a.balance - p.amount
                 FROM approved p
                WHERE p.kind <> 'collection' AND a.operator = p.operator AND a.product = 'disbursement' AND a.balance >= p.amount
                  AND EXISTS (SELECT 1 FROM ${SCHEMA}.wallets w WHERE w.operator = p.operator AND w.msisdn = p.msisdn)
               RETURNING p.operator, p.reference),
             debited AS (
               UPDATE ${SCHEMA}.wallets w SET balance = w.balance - p.amount
                 FROM approved p
                WHERE p.kind = 'collection' AND w.operator = p.operator AND w.msisdn = p.msisdn AND w.balance >= p.amount
               RETURNING p.operator, p.reference),
             credited AS (
               UPDATE ${SCHEMA}.wallets w SET balance = w.balance + p.amount
                 FROM approved p JOIN paid_out o ON o.operator = p.operator AND o.reference = p.reference
                WHERE w.operator = p.operator AND w.msisdn = p.msisdn
               RETURNING p.operator, p.reference),
             moved AS (SELECT operator, reference FROM debited UNION ALL SELECT operator, reference FROM credited),
             recorded AS (
               INSERT INTO ${SCHEMA}.movements (operator, reference, external_id, kind, msisdn, amount)
               SELECT p.operator, p.reference, p.external_id, p.kind, p.msisdn, p.amount
                 FROM picked p JOIN moved m ON m.operator = p.operator AND m.reference = p.reference)
             UPDATE ${T} t
                SET status = CASE WHEN p.planned_status = 'SUCCESSFUL' AND m.reference IS NULL THEN 'FAILED' ELSE p.planned_status END,
                    reason = CASE WHEN p.planned_status = 'SUCCESSFUL' AND m.reference IS NULL THEN 'insufficient_funds' ELSE p.planned_reason END,
                    resolved_at = now(), resolve_at = NULL
               FROM picked p LEFT JOIN moved m ON m.operator = p.operator AND m.reference = p.reference
              WHERE t.operator = p.operator AND t.reference = p.reference
             RETURNING t.*`,
      values: [targets.map((t) => t.operator), targets.map((t) => t.reference), targets.map((t) => t.now)],
    });
    return rows;
  }

  /** Pending transactions whose answer is due, oldest first (a sweep for whatever the timer did not know). */
  async due(limit: number): Promise<ResolveTarget[]> {
    const { rows } = await this.pool.query<{ operator: OperatorId; reference: string; msisdn: string; kind: TransactionKind }>({
      name: 'sim-due',
      text: `SELECT operator, reference, msisdn, kind FROM ${T} WHERE status = 'PENDING' AND resolve_at <= now() ORDER BY resolve_at LIMIT $1`,
      values: [limit],
    });
    return rows.map((r) => ({ ...r, now: false }));
  }

  /**
   * At start: opens the wallets and our accounts that pending transactions will move money in
   * (transactions created before wallets were opened at creation), and returns when each planned
   * answer is due, in milliseconds from now.
   */
  async prepareForAnswers(): Promise<{ target: ResolveTarget; inMs: number }[]> {
    await this.pool.query(
      `INSERT INTO ${SCHEMA}.wallets (operator, msisdn, balance)
       SELECT DISTINCT operator, msisdn, $1::bigint FROM ${T} WHERE status = 'PENDING' AND resolve_at IS NOT NULL
       ON CONFLICT (operator, msisdn) DO NOTHING`,
      [this.limits.walletOpening],
    );
    await this.pool.query(
      `INSERT INTO ${SCHEMA}.accounts (operator, product, balance) SELECT operator, 'disbursement', $1::bigint FROM unnest($2::text[]) AS o(operator)
       ON CONFLICT (operator, product) DO NOTHING`,
      [this.limits.accountOpening, ['mtn', 'airtel']],
    );
    const { rows } = await this.pool.query<{ operator: OperatorId; reference: string; msisdn: string; kind: TransactionKind; in_ms: number }>(
      `SELECT operator, reference, msisdn, kind, GREATEST(0, EXTRACT(EPOCH FROM resolve_at - now()) * 1000)::float8 AS in_ms
         FROM ${T} WHERE status = 'PENDING' AND resolve_at IS NOT NULL`,
    );
    return rows.map((r) => ({ target: { operator: r.operator, reference: r.reference, msisdn: r.msisdn, kind: r.kind, now: false }, inMs: r.in_ms }));
  }

  /** Planned answers and premature callbacks not yet given (the timer's work, as a restarted process finds it). */
  async outstanding(): Promise<{ answers: number; earlyCallbacks: number }> {
    const { rows } = await this.pool.query<{ answers: number; early: number }>(
      `SELECT (SELECT count(*) FROM ${T} WHERE status = 'PENDING' AND resolve_at IS NOT NULL)::int AS answers,
              (SELECT count(*) FROM ${T} WHERE early_callback_at IS NOT NULL)::int AS early`,
    );
    return { answers: rows[0].answers, earlyCallbacks: rows[0].early };
  }

  /** Claims the premature callbacks that are due (each is sent once). */
  async claimEarlyCallbacks(limit: number): Promise<SimTransaction[]> {
    const { rows } = await this.pool.query<Row>({
      name: 'sim-claim-early',
      text: `WITH picked AS MATERIALIZED (
               SELECT operator, reference FROM ${T} WHERE early_callback_at <= now() ORDER BY early_callback_at LIMIT $1 FOR UPDATE SKIP LOCKED)
             UPDATE ${T} t SET early_callback_at = NULL FROM picked WHERE t.operator = picked.operator AND t.reference = picked.reference
             RETURNING t.*`,
      values: [limit],
    });
    return rows.map(toTransaction);
  }

  /** One transaction and whether its planned answer is due (a status query settles it first). */
  async getForStatus(operator: OperatorId, reference: string): Promise<{ transaction: SimTransaction; due: boolean } | null> {
    const { rows } = await this.pool.query<Row & { due: boolean }>({
      name: 'sim-get-for-status',
      text: `SELECT *, (status = 'PENDING' AND resolve_at <= now()) IS TRUE AS due FROM ${T} WHERE operator = $1 AND reference = $2`,
      values: [operator, reference],
    });
    return rows[0] ? { transaction: toTransaction(rows[0]), due: rows[0].due } : null;
  }

  private async getMany(keys: { operator: OperatorId; reference: string }[]): Promise<Map<string, SimTransaction>> {
    const { rows } = await this.pool.query<Row>(
      `SELECT t.* FROM ${T} t JOIN unnest($1::text[], $2::text[]) AS k(operator, reference) ON t.operator = k.operator AND t.reference = k.reference`,
      [keys.map((k) => k.operator), keys.map((k) => k.reference)],
    );
    return new Map(rows.map((r) => [keyOf(r), toTransaction(r)]));
  }

  get(operator: OperatorId, reference: string): Promise<SimTransaction | null> {
    return this.getWith(this.pool, operator, reference);
  }

  async findByOperatorTxnId(operator: OperatorId, operatorTxnId: string): Promise<SimTransaction | null> {
    const { rows } = await this.pool.query<Row>(`SELECT * FROM ${T} WHERE operator = $1 AND operator_txn_id = $2`, [operator, operatorTxnId]);
    return rows[0] ? toTransaction(rows[0]) : null;
  }

  async refundsOf(operator: OperatorId, reference: string): Promise<SimTransaction[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT * FROM ${T} WHERE operator = $1 AND refund_of = $2 AND kind = 'refund' ORDER BY created_at`,
      [operator, reference],
    );
    return rows.map(toTransaction);
  }

  /** One operator's transactions created in [from, to), oldest first (its statement report). */
  async createdBetween(operator: OperatorId, from: Date, to: Date): Promise<SimTransaction[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT * FROM ${T} WHERE operator = $1 AND created_at >= $2 AND created_at < $3 ORDER BY created_at, reference`,
      [operator, from, to],
    );
    return rows.map(toTransaction);
  }

  /** Transactions whose reference or our id (externalId in the body) is the given one. */
  async findForControl(id: string): Promise<SimTransaction[]> {
    const { rows } = await this.pool.query<Row>(`SELECT * FROM ${T} WHERE reference = $1 OR external_id = $1 ORDER BY created_at`, [id]);
    return rows.map(toTransaction);
  }

  /**
   * For many of our ids at once: the simulator's status for each and how many times money moved
   * (fault-injection tests compare these with our own final statuses).
   */
  async summaries(ids: string[]): Promise<Record<string, { status: SimStatus | null; records: number; movements: number }>> {
    const [records, movements] = await Promise.all([
      this.pool.query<{ id: string; status: SimStatus; n: string }>(
        `SELECT COALESCE(external_id, reference) AS id, min(status) AS status, count(*) AS n FROM ${T}
          WHERE external_id = ANY($1) OR reference = ANY($1) GROUP BY 1`,
        [ids],
      ),
      this.pool.query<{ id: string; n: string }>(
        `SELECT COALESCE(external_id, reference) AS id, count(*) AS n FROM ${SCHEMA}.movements
          WHERE external_id = ANY($1) OR reference = ANY($1) GROUP BY 1`,
        [ids],
      ),
    ]);
    const out: Record<string, { status: SimStatus | null; records: number; movements: number }> = {};
    for (const id of ids) out[id] = { status: null, records: 0, movements: 0 };
    for (const r of records.rows) if (out[r.id]) out[r.id] = { ...out[r.id], status: r.status, records: Number(r.n) };
    for (const m of movements.rows) if (out[m.id]) out[m.id].movements = Number(m.n);
    return out;
  }

  /** Many request records in one insert, in the order they arrived. */
  async recordRequests(records: (RequestRecord & { at: Date })[]): Promise<void> {
    await this.pool.query({
      name: 'sim-record-requests',
      text: `INSERT INTO ${SCHEMA}.requests (operator, operation, method, path, reference, external_id, status, created_at)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::timestamptz[])`,
      values: [
        records.map((r) => r.operator),
        records.map((r) => r.operation),
        records.map((r) => r.method),
        records.map((r) => r.path.slice(0, 500)),
        records.map((r) => r.reference),
        records.map((r) => r.externalId),
        records.map((r) => r.status),
        records.map((r) => r.at),
      ],
    });
  }

  async requests(filter: { reference?: string; operator?: string; limit: number }): Promise<(RequestRecord & { at: Date })[]> {
    const { rows } = await this.pool.query(
      `SELECT operator, operation, method, path, reference, external_id, status, created_at FROM ${SCHEMA}.requests
        WHERE ($1::text IS NULL OR reference = $1 OR external_id = $1) AND ($2::text IS NULL OR operator = $2)
        ORDER BY id DESC LIMIT $3`,
      [filter.reference ?? null, filter.operator ?? null, filter.limit],
    );
    return rows.map((r) => ({
      operator: r.operator,
      operation: r.operation,
      method: r.method,
      path: r.path,
      reference: r.reference,
      externalId: r.external_id,
      status: r.status,
      at: r.created_at,
    }));
  }

  /** Requests by operation and money movements for one reference (or one of our ids). */
  async counts(id: string): Promise<{ requests: Record<string, number>; movements: number }> {
    const [requests, movements] = await Promise.all([
      this.pool.query<{ operation: string; n: string }>(
        `SELECT operation, count(*) AS n FROM ${SCHEMA}.requests WHERE reference = $1 OR external_id = $1 GROUP BY operation`,
        [id],
      ),
      this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${SCHEMA}.movements WHERE reference = $1 OR external_id = $1`, [id]),
    ]);
    return {
      requests: Object.fromEntries(requests.rows.map((r) => [r.operation, Number(r.n)])),
      movements: Number(movements.rows[0].n),
    };
  }

  async setScenario(msisdn: string, scenario: Scenario | null): Promise<void> {
    if (scenario === null) await this.pool.query(`DELETE FROM ${SCHEMA}.scenario_overrides WHERE msisdn = $1`, [msisdn]);
    else {
      await this.pool.query(
        `INSERT INTO ${SCHEMA}.scenario_overrides (msisdn, scenario) VALUES ($1, $2) ON CONFLICT (msisdn) DO UPDATE SET scenario = $2`,
        [msisdn, scenario],
      );
    }
  }

  async scenarioOverrides(): Promise<Map<string, Scenario>> {
    const { rows } = await this.pool.query<{ msisdn: string; scenario: Scenario }>(`SELECT msisdn, scenario FROM ${SCHEMA}.scenario_overrides`);
    return new Map(rows.map((r) => [r.msisdn, r.scenario]));
  }

  async accountBalance(operator: OperatorId, product: 'collection' | 'disbursement'): Promise<number> {
    if (product === 'collection') {
      const { rows } = await this.pool.query<{ received: string }>(
        `SELECT COALESCE(SUM(amount), 0) AS received FROM ${SCHEMA}.movements WHERE operator = $1 AND kind = 'collection'`,
        [operator],
      );
      return this.limits.accountOpening + Number(rows[0].received);
    }
    await this.ensureDisbursementAccount(this.pool, operator);
    const { rows } = await this.pool.query<{ balance: string }>(
      `SELECT balance FROM ${SCHEMA}.accounts WHERE operator = $1 AND product = 'disbursement'`,
      [operator],
    );
    return Number(rows[0].balance);
  }

  private async ensureDisbursementAccount(db: Pool | PoolClient, operator: OperatorId): Promise<void> {
    await db.query(`INSERT INTO ${SCHEMA}.accounts (operator, product, balance) VALUES ($1, 'disbursement', $2) ON CONFLICT DO NOTHING`, [
      operator,
      this.limits.accountOpening,
    ]);
  }

  async walletBalance(operator: OperatorId, msisdn: string): Promise<number> {
    const { rows } = await this.pool.query<{ balance: string }>(`SELECT balance FROM ${SCHEMA}.wallets WHERE operator = $1 AND msisdn = $2`, [
      operator,
      msisdn,
    ]);
    return rows[0] ? Number(rows[0].balance) : this.limits.walletOpening;
  }

  async setWalletBalance(operator: OperatorId, msisdn: string, balance: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${SCHEMA}.wallets (operator, msisdn, balance) VALUES ($1, $2, $3) ON CONFLICT (operator, msisdn) DO UPDATE SET balance = $3`,
      [operator, msisdn, balance],
    );
  }

  private async getWith(db: Pool | PoolClient, operator: OperatorId, reference: string): Promise<SimTransaction | null> {
    const { rows } = await db.query<Row>(`SELECT * FROM ${T} WHERE operator = $1 AND reference = $2`, [operator, reference]);
    return rows[0] ? toTransaction(rows[0]) : null;
  }
}

/**
 * Cuts a resolution batch into rounds, in order, so that no round moves money in a wallet twice
 * or in one operator's disbursement account twice.
 */
function resolutionRounds(targets: ResolveTarget[]): number[][] {
  const out: number[][] = [];
  const lastRound = new Map<string, number>();
  targets.forEach((target, index) => {
    const keys = [`ref:${target.operator}:${target.reference}`, `wallet:${target.operator}:${target.msisdn}`];
    if (target.kind !== 'collection') keys.push(`account:${target.operator}`);
    const round = Math.max(-1, ...keys.map((k) => lastRound.get(k) ?? -1)) + 1;
    for (const k of keys) lastRound.set(k, round);
    (out[round] ??= []).push(index);
  });
  return out;
}

/**
 * Cuts a creation batch into rounds, in order, so that no round holds a customer's payments (or payouts)
 * twice or a reference twice: a later one goes in a round after the earlier one.
 */
function rounds(inputs: NewSimTransaction[]): number[][] {
  const out: number[][] = [];
  const lastRound = new Map<string, number>();
  inputs.forEach((input, index) => {
    const keys = [`ref:${input.operator}:${input.reference}`];
    if (input.kind !== 'refund') keys.push(`customer:${input.operator}:${input.msisdn}:${input.kind}`);
    const round = Math.max(-1, ...keys.map((k) => lastRound.get(k) ?? -1)) + 1;
    for (const k of keys) lastRound.set(k, round);
    (out[round] ??= []).push(index);
  });
  return out;
}

/** A transaction's identity at its operator, as the maps here key it. */
function keyOf(transaction: { operator: string; reference: string }): string {
  return `${transaction.operator}:${transaction.reference}`;
}

/** The record of a row just inserted, without reading it back. */
function newTransaction(input: NewSimTransaction, plan: Plan, createdAt: Date): SimTransaction {
  return {
    operator: input.operator,
    reference: input.reference,
    kind: input.kind,
    externalId: input.externalId,
    operatorTxnId: input.operatorTxnId,
    msisdn: input.msisdn,
    amount: input.amount,
    currency: input.currency,
    refundOf: input.refundOf ?? null,
    scenario: input.scenario,
    status: 'PENDING',
    reason: null,
    callbacks: plan.callbacks,
    callbackUrl: input.callbackUrl,
    callbackMethod: input.callbackMethod,
    requestBody: input.requestBody,
    createdAt,
    resolvedAt: null,
  };
}

function toTransaction(r: Row): SimTransaction {
  return {
    operator: r.operator,
    reference: r.reference,
    kind: r.kind,
    externalId: r.external_id,
    operatorTxnId: r.operator_txn_id,
    msisdn: r.msisdn,
    amount: Number(r.amount),
    currency: r.currency,
    refundOf: r.refund_of,
    scenario: r.scenario,
    status: r.status,
    reason: r.reason,
    callbacks: r.callbacks,
    callbackUrl: r.callback_url,
    callbackMethod: r.callback_method,
    requestBody: r.request_body,
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
  };
}
