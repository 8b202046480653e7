import { Pool, PoolClient } from 'pg';
import { FailureReason, Plan, Scenario } from '../scenarios/scenarios';
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

export interface NewSimTransaction {
  operator: OperatorId;
  reference: string;
  kind: TransactionKind;
  externalId: string | null;
  operatorTxnId: string;
  msisdn: string;
  amount: number;
  currency: string;
  refundOf?: string | null;
  scenario: Scenario;
  callbackUrl: string | null;
  callbackMethod: string | null;
  requestBody: Record<string, unknown>;
}

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

/** All SQL of the simulator; each money movement commits with the status change that caused it. */
export class SimulatorStore {
  constructor(
    private readonly pool: Pool,
    private readonly limits: Limits,
  ) {}

  async create(input: NewSimTransaction, plan: Plan): Promise<CreateResult> {
    return this.inTransaction(async (client) => {
      // One customer's transactions are created one at a time, so the daily limit holds under concurrency.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${input.operator}:${input.msisdn}`]);
      const existing = await this.getWith(client, input.operator, input.reference);
      if (existing) return { kind: 'duplicate', transaction: existing };
      if (input.kind !== 'refund') {
        if (input.amount > this.limits.perTransaction) return { kind: 'limit', limit: 'per_transaction', value: this.limits.perTransaction };
        const { rows } = await client.query<{ total: string }>(
          `SELECT COALESCE(SUM(amount), 0) AS total FROM ${T}
            WHERE operator = $1 AND msisdn = $2 AND kind = $3 AND status <> 'FAILED' AND created_at >= date_trunc('day', now())`,
          [input.operator, input.msisdn, input.kind],
        );
        if (Number(rows[0].total) + input.amount > this.limits.daily) return { kind: 'limit', limit: 'daily', value: this.limits.daily };
      }
      const outcome = plan.outcome;
      const { rows } = await client.query<Row>(
        `INSERT INTO ${T} (operator, reference, kind, external_id, operator_txn_id, msisdn, amount, currency, refund_of, scenario,
           status, planned_status, planned_reason, resolve_at, early_callback_at, callbacks, callback_url, callback_method, request_body)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,'PENDING',$11,$12,
           CASE WHEN $13::int IS NULL THEN NULL ELSE now() + make_interval(secs => $13::int / 1000.0::float8) END,
           CASE WHEN $14::int IS NULL THEN NULL ELSE now() + make_interval(secs => $14::int / 1000.0::float8) END,
           $15,$16,$17,$18)
         RETURNING *`,
        [
          input.operator, input.reference, input.kind, input.externalId, input.operatorTxnId, input.msisdn, input.amount,
          input.currency, input.refundOf ?? null, input.scenario, outcome?.status ?? null, outcome?.reason ?? null,
          outcome ? outcome.afterMs : null, plan.earlyCallbackAfterMs ?? null, plan.callbacks, input.callbackUrl,
          input.callbackMethod, JSON.stringify(input.requestBody),
        ],
      );
      return { kind: 'created', transaction: toTransaction(rows[0]) };
    });
  }

  /** Transactions whose customer answer is due (whether or not the process restarted since). */
  async due(limit: number): Promise<{ operator: OperatorId; reference: string }[]> {
    const { rows } = await this.pool.query(
      `SELECT operator, reference FROM ${T} WHERE status = 'PENDING' AND resolve_at <= now() ORDER BY resolve_at LIMIT $1`,
      [limit],
    );
    return rows;
  }

  /**
   * Applies the planned answer if it is due: moves the money and records the final status in one
   * transaction, or fails for lack of funds. Returns the transaction only if this call resolved it.
   */
  async resolve(operator: OperatorId, reference: string, now = false): Promise<SimTransaction | null> {
    return this.inTransaction(async (client) => {
      const { rows } = await client.query<Row & { planned_status: SimStatus; planned_reason: FailureReason | null }>(
        `SELECT * FROM ${T} WHERE operator = $1 AND reference = $2 AND status = 'PENDING' AND (resolve_at <= now() OR ($3 AND resolve_at IS NOT NULL))
          FOR UPDATE`,
        [operator, reference, now],
      );
      const row = rows[0];
      if (!row) return null;
      let status = row.planned_status;
      let reason = row.planned_reason;
      if (status === 'SUCCESSFUL' && !(await this.move(client, row))) {
        status = 'FAILED';
        reason = 'insufficient_funds';
      }
      const updated = await client.query<Row>(
        `UPDATE ${T} SET status = $3, reason = $4, resolved_at = now(), resolve_at = NULL
          WHERE operator = $1 AND reference = $2 RETURNING *`,
        [operator, reference, status, reason],
      );
      return toTransaction(updated.rows[0]);
    });
  }

  /** Claims the premature callbacks that are due (each is sent once). */
  async claimEarlyCallbacks(limit: number): Promise<SimTransaction[]> {
    const { rows } = await this.pool.query<Row>(
      `UPDATE ${T} SET early_callback_at = NULL
        WHERE (operator, reference) IN (
          SELECT operator, reference FROM ${T} WHERE early_callback_at <= now() LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
      [limit],
    );
    return rows.map(toTransaction);
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

  async recordRequest(r: RequestRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${SCHEMA}.requests (operator, operation, method, path, reference, external_id, status) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
      [r.operator, r.operation, r.method, r.path.slice(0, 500), r.reference, r.externalId, r.status],
    );
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

  async scenarioOverride(msisdn: string): Promise<Scenario | undefined> {
    const { rows } = await this.pool.query<{ scenario: Scenario }>(`SELECT scenario FROM ${SCHEMA}.scenario_overrides WHERE msisdn = $1`, [msisdn]);
    return rows[0]?.scenario;
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

  /**
   * Debits the paying side and credits the other; false (nothing moved) when the payer lacks funds.
   * Our collection account only ever grows, so its balance is derived from the movements instead
   * of a counter row that every approval would have to lock.
   */
  private async move(client: PoolClient, row: Row): Promise<boolean> {
    const amount = Number(row.amount);
    await client.query(`INSERT INTO ${SCHEMA}.wallets (operator, msisdn, balance) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      row.operator,
      row.msisdn,
      this.limits.walletOpening,
    ]);
    const wallet = `UPDATE ${SCHEMA}.wallets SET balance = balance + $3 WHERE operator = $1 AND msisdn = $2 AND balance + $3 >= 0`;
    if (row.kind === 'collection') {
      const debited = await client.query(wallet, [row.operator, row.msisdn, -amount]);
      if (debited.rowCount !== 1) return false;
    } else {
      await this.ensureDisbursementAccount(client, row.operator);
      const debited = await client.query(
        `UPDATE ${SCHEMA}.accounts SET balance = balance - $2 WHERE operator = $1 AND product = 'disbursement' AND balance - $2 >= 0`,
        [row.operator, amount],
      );
      if (debited.rowCount !== 1) return false;
      await client.query(wallet, [row.operator, row.msisdn, amount]);
    }
    await client.query(
      `INSERT INTO ${SCHEMA}.movements (operator, reference, external_id, kind, msisdn, amount) VALUES ($1,$2,$3,$4,$5,$6)`,
      [row.operator, row.reference, row.external_id, row.kind, row.msisdn, amount],
    );
    return true;
  }

  private async getWith(db: Pool | PoolClient, operator: OperatorId, reference: string): Promise<SimTransaction | null> {
    const { rows } = await db.query<Row>(`SELECT * FROM ${T} WHERE operator = $1 AND reference = $2`, [operator, reference]);
    return rows[0] ? toTransaction(rows[0]) : null;
  }

  private async inTransaction<R>(work: (client: PoolClient) => Promise<R>): Promise<R> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
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
