import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DEFAULT_FEE_SCHEDULE } from '@momo/domain';
import type { Direction, FinalStatus, InitiatedBy, InitiationState, Mode, Network, Provider, TransactionStatus } from '@momo/domain';
import { currentCarrier, TraceCarrier } from '@momo/platform';
import { TransactionEntity } from '../entities';
import { hydrate } from './hydrate';
import { keyedRows, preparedRows } from './keyed-statements';
import { transactionsByIds } from './transaction-reads.repository';
import { feeByRuleSql, feeRuleSql } from './fee.sql';
import {
  AnswerTemplate,
  answerTemplatesParams,
  ClaimRequest,
  claimKeysParams,
  claimKeysSql,
  COMPLETE_KEYS,
  completeKeysFromTemplatesSql,
  completeKeysParams,
  completeKeysSql,
  Completion,
} from './idempotency.repository';
import type { Table } from '../ownership';

/** Raised when a payment already has a refund that is pending or succeeded (a unique index says so). */
export class ActiveRefundExistsError extends Error {
  constructor(readonly paymentId: string) {
    super(`payment ${paymentId} already has an active refund`);
    this.name = 'ActiveRefundExistsError';
  }
}

export interface NewTransaction {
  id: string;
  merchantId: string;
  appId: string;
  mode: Mode;
  direction: Direction;
  amount: number;
  fee: number;
  msisdn: string;
  description: string;
  reference: string;
  metadata: Record<string, string>;
  network: Network;
  provider: Provider;
  initiatedBy: InitiatedBy;
  reversesPaymentId: string | null;
  /** A payout to the merchant's settlement wallet; false when absent. */
  withdrawal?: boolean;
}

/** A new transaction whose fee its insert works out from the merchant's schedule. */
export type UnpricedTransaction = Omit<NewTransaction, 'fee'>;

const DEFAULT_FEE_SCHEDULE_JSON = JSON.stringify(DEFAULT_FEE_SCHEDULE);

/**
 * "Still pending", for a statement that reaches its transactions by id. Written plainly, the
 * condition matches the partial indexes of pending transactions, and a generic plan made while
 * few transactions are pending (an empty table, a quiet hour) walks one of them whole and checks
 * each entry against the ids: kept as pending transactions pile up (customers taking minutes to
 * approve), every call then reads them all. Wrapped in `IS TRUE` it matches no index, which leaves
 * the primary key (by-key.plans.int-spec.ts checks the generic plans).
 */
const stillPending = (alias: string) => `(${alias}.status = 'pending') IS TRUE`;

/**
 * What the operator said about initiations, from three array parameters (ids, states, provider refs), for pending rows only.
 * The ids are named twice, in the join and as `t.id = ANY($1)`: joined only, a generic plan made on
 * a young table (a hundred rows, as last analysed) walked the whole primary key and matched each
 * entry against the ids, until the next analyse; an array condition on the key is always a probe.
 */
export const SET_INITIATION_STATES_SQL = `UPDATE transactions t
          SET initiation_state = v.state, provider_ref = COALESCE(NULLIF(v.provider_ref, ''), t.provider_ref), updated_at = now()
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(id, state, provider_ref)
        WHERE t.id = v.id AND t.id = ANY($1::uuid[]) AND ${stillPending('t')}`;

/** The same, storing the keyed cash ins' answers finished from the rows written (completeKeysFromTemplatesSql), in one commit. */
export const SET_INITIATION_STATES_ANSWERING_SQL = `WITH updated AS (${SET_INITIATION_STATES_SQL} RETURNING t.*),
       answered AS (${completeKeysFromTemplatesSql(4, 'updated')})
     SELECT * FROM updated`;

/** One transaction's initiation outcome ($1 id, $2 state, $3 provider ref), while it is pending. */
export const SET_INITIATION_STATE_SQL = `UPDATE transactions t SET initiation_state = $2, provider_ref = COALESCE(NULLIF($3, ''), provider_ref), updated_at = now()
       WHERE t.id = $1 AND ${stillPending('t')}
       RETURNING *`;

/** Final outcomes from five array parameters (ids, statuses, failure codes and messages, provider refs), pending rows only, locked in id order; the ids named twice as in SET_INITIATION_STATES_SQL. */
export const FINALIZE_IN_ID_ORDER_SQL = `UPDATE transactions t
    SET status = v.status, failure_code = v.failure_code, failure_message = v.failure_message,
        provider_ref = COALESCE(NULLIF(v.provider_ref, ''), t.provider_ref),
        initiation_state = CASE WHEN t.initiation_state IN ('not_sent', 'unknown') AND v.status = 'succeeded'
                                THEN 'accepted' ELSE t.initiation_state END,
        completed_at = now(), updated_at = now()
   FROM (SELECT l.id, o.status, o.failure_code, o.failure_message, o.provider_ref
           FROM transactions l
           JOIN unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])
                AS o(id, status, failure_code, failure_message, provider_ref) ON l.id = o.id
          WHERE l.id = ANY($1::uuid[]) AND ${stillPending('l')}
          ORDER BY l.id
            FOR UPDATE OF l) AS v
  WHERE t.id = v.id AND ${stillPending('t')}
  RETURNING t.*`;

export interface FinalOutcome {
  status: FinalStatus;
  failureCode: string | null;
  failureMessage: string | null;
  providerRef?: string;
}

/**
 * A pending transaction to insert, with the request id and trace it is created under and, for a
 * cash in whose Idempotency-Key payments-core claims, the claim (its transaction id is the row's).
 */
export type PendingRow = UnpricedTransaction & { trace?: TraceCarrier; claim?: Omit<ClaimRequest, 'transactionId'> };

/** An inserted (or already stored) pending transaction; null when the row's Idempotency-Key was held already, so nothing was inserted. */
export type InsertedPending = { transaction: TransactionEntity; created: boolean } | null;

/**
 * transactions: written only by payments-core; read by every service. A keyed cash in's
 * Idempotency-Key is claimed in the statement that inserts it (idempotency_keys).
 */
@Injectable()
export class TransactionsRepository {
  static readonly writes: readonly Table[] = ['transactions', 'idempotency_keys'];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Inserts a pending transaction; a second insert of the same id returns the first one untouched.
   * It keeps the request id and trace it was created under (the current ones).
   */
  async insertPending(t: NewTransaction, em: EntityManager = this.dataSource.manager): Promise<{ transaction: TransactionEntity; created: boolean }> {
    const trace = currentCarrier();
    const rows = await refundConflictExplained(t, () =>
      preparedRows(
        em,
        'transactions_insert',
        `INSERT INTO transactions (id, merchant_id, app_id, mode, direction, amount, fee, msisdn, description, reference,
         metadata, network, provider, initiated_by, reverses_payment_id, withdrawal, request_id, traceparent)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18)
       ON CONFLICT (id) DO NOTHING
       RETURNING *`,
        [t.id, t.merchantId, t.appId, t.mode, t.direction, t.amount, t.fee, t.msisdn, t.description, t.reference,
          JSON.stringify(t.metadata), t.network, t.provider, t.initiatedBy, t.reversesPaymentId, t.withdrawal ?? false, trace?.requestId ?? null, trace?.traceparent ?? null],
      ),
    );
    if (rows.length === 1) return { transaction: hydrate(em, TransactionEntity, rows[0]), created: true };
    const existing = await this.findById(t.id, em);
    if (!existing) throw new Error(`transaction ${t.id} neither inserted nor found`);
    return { transaction: existing, created: false };
  }

  /**
   * Many pending transactions in one statement and one commit (cash-ins arriving together), each
   * priced by its merchant's fee schedule as it stands when the row is written (a schedule changed
   * by admin-cli applies to the next one) with no read before the insert. Each keeps the request
   * id and trace it was created under (`trace`, taken by the caller). A row with a `claim` is
   * inserted only if the same statement claims its Idempotency-Key (a new key, or one past its
   * retention; the first row of a key twice in the batch), so the key and its transaction commit
   * together; otherwise it comes back null and nothing of it is written. Returns one result per
   * input, in order; an id already stored comes back as it was, `created: false`.
   */
  async insertPendingMany(ts: PendingRow[]): Promise<InsertedPending[]> {
    const em = this.dataSource.manager;
    const column = <T>(pick: (t: PendingRow) => T) => ts.map(pick);
    const claims = ts.flatMap((t) => (t.claim ? [{ ...t.claim, transactionId: t.id }] : []));
    const values = [
      column((t) => t.id), column((t) => t.merchantId), column((t) => t.appId), column((t) => t.mode), column((t) => t.direction),
      column((t) => t.amount), column((t) => t.msisdn), column((t) => t.description), column((t) => t.reference),
      column((t) => JSON.stringify(t.metadata)), column((t) => t.network), column((t) => t.provider), column((t) => t.initiatedBy),
      column((t) => t.reversesPaymentId), column((t) => t.withdrawal ?? false), column((t) => t.trace?.requestId ?? null),
      column((t) => t.trace?.traceparent ?? null), DEFAULT_FEE_SCHEDULE_JSON,
    ];
    // Keyed: each row's merchant is joined by primary key. On an ordinary connection Postgres
    // planned the statement on every call (it prices a generic plan's join for ten rows, a custom
    // plan's for the one or two a batch holds).
    const rows = await refundConflictExplained(ts[0], () =>
      claims.length === 0
        ? keyedRows(em, 'transactions_insert_many_priced', insertPricedSql(''), values)
        : keyedRows(
            em,
            'transactions_insert_many_priced_claiming',
            `WITH claimed AS (${claimKeysSql(values.length + 2)} RETURNING transaction_id)
             ${insertPricedSql(`WHERE v.id <> ALL($${values.length + 1}::uuid[]) OR v.id IN (SELECT transaction_id FROM claimed)`)}`,
            [...values, claims.map((c) => c.transactionId), ...claimKeysParams(claims)],
          ),
    );
    const inserted = new Map(rows.map((row) => [row.id as string, hydrate(em, TransactionEntity, row)]));
    const absent = ts.filter((t) => !t.claim && !inserted.has(t.id)).map((t) => t.id);
    const existing = absent.length ? await transactionsByIds(em, absent) : new Map<string, TransactionEntity>();
    return ts.map((t) => {
      const created = inserted.get(t.id);
      if (created) return { transaction: created, created: true };
      if (t.claim) return null;
      const found = existing.get(t.id);
      if (!found) throw new Error(`transaction ${t.id} neither inserted nor found`);
      return { transaction: found, created: false };
    });
  }

  /** Hand-written SQL on the hot paths (every queue consumer reads a transaction): no query-builder cost. */
  async findById(id: string, em: EntityManager = this.dataSource.manager): Promise<TransactionEntity | null> {
    const rows = await preparedRows(em, 'transactions_by_id', `SELECT * FROM transactions WHERE id = $1`, [id]);
    return rows.length ? hydrate(em, TransactionEntity, rows[0]) : null;
  }

  /** Reads and row-locks a transaction for the rest of the caller's Postgres transaction. */
  async lockById(id: string, em: EntityManager): Promise<TransactionEntity | null> {
    const rows = await preparedRows(em, 'transactions_lock_by_id', `SELECT * FROM transactions WHERE id = $1 FOR UPDATE`, [id]);
    return rows.length ? hydrate(em, TransactionEntity, rows[0]) : null;
  }

  /**
   * Records what the operator said about our initiation, while the transaction is pending, and
   * returns the transaction as it now stands (one statement on the hot path; a re-read only when
   * it was already final).
   */
  async setInitiationState(id: string, state: InitiationState, providerRef?: string, em: EntityManager = this.dataSource.manager): Promise<TransactionEntity | null> {
    const rows = await preparedRows(
      em,
      'transactions_set_initiation_state',
      SET_INITIATION_STATE_SQL,
      [id, state, providerRef ?? ''],
    );
    return rows.length === 1 ? hydrate(em, TransactionEntity, rows[0]) : this.findById(id, em);
  }

  /**
   * `setInitiationState` for many transactions in one statement (initiations answered together),
   * a keyed statement. Returns each transaction as it now stands (absent when it does not exist).
   *
   * A keyed cash in's answer to the merchant is stored under its Idempotency-Key: from its
   * `answer` template in the same statement when the update applies (the answer is the row it
   * writes), else (the transaction already final, or no template) built by `answerFor` from the
   * transaction as it now stands and stored in one more statement. A crash between those two leaves
   * the key without its answer, and the retry that takes it over answers from the transaction as it stands.
   */
  async setInitiationStates(
    updates: { id: string; state: InitiationState; providerRef?: string; answer?: AnswerTemplate }[],
    answerFor?: (transaction: TransactionEntity) => Completion | undefined,
  ): Promise<Map<string, TransactionEntity>> {
    const em = this.dataSource.manager;
    const values = [updates.map((u) => u.id), updates.map((u) => u.state), updates.map((u) => u.providerRef ?? '')];
    const templates = updates.flatMap((u) => u.answer ?? []);
    const rows = templates.length
      ? await keyedRows(em, 'transactions-set-initiation-states-answering', SET_INITIATION_STATES_ANSWERING_SQL, [...values, ...answerTemplatesParams(templates)])
      : await keyedRows(em, 'transactions-set-initiation-states', `${SET_INITIATION_STATES_SQL} RETURNING t.*`, values);
    const out = new Map(rows.map((row) => [row.id as string, hydrate(em, TransactionEntity, row)]));
    const answeredWithUpdate = new Set(templates.filter((t) => out.has(t.transactionId)).map((t) => t.transactionId));
    const final = updates.filter((u) => !out.has(u.id)).map((u) => u.id);
    if (final.length) for (const [id, t] of await transactionsByIds(em, final)) out.set(id, t);
    const answers = answerFor ? [...out.values()].flatMap((t) => (answeredWithUpdate.has(t.id) ? [] : (answerFor(t) ?? []))) : [];
    if (answers.length) await keyedRows(em, COMPLETE_KEYS, completeKeysSql(), completeKeysParams(answers));
    return out;
  }

  /**
   * pending -> succeeded | failed, as one conditional update. Returns the updated transaction, or
   * null when it was no longer pending (someone else finalised it first: nothing to do).
   */
  async finalize(id: string, outcome: FinalOutcome, em: EntityManager): Promise<TransactionEntity | null> {
    const [settled] = await this.finalizeMany([{ transactionId: id, ...outcome }], em);
    return settled ?? null;
  }

  /**
   * The same for many transactions in one statement (settlement batches), which also takes the
   * rows' locks in id order (the subquery's FOR UPDATE locks each row as it leaves the sort), so
   * two batches that share transactions lock them in the same order and cannot deadlock.
   * Returns only the transactions this call moved out of pending; ids must be distinct.
   */
  async finalizeMany(outcomes: (FinalOutcome & { transactionId: string })[], em: EntityManager): Promise<TransactionEntity[]> {
    if (outcomes.length === 0) return [];
    const rows = await preparedRows(
      em,
      'transactions_finalize_in_id_order',
      FINALIZE_IN_ID_ORDER_SQL,
      [
        outcomes.map((o) => o.transactionId),
        outcomes.map((o) => o.status),
        outcomes.map((o) => o.failureCode),
        outcomes.map((o) => o.failureMessage),
        outcomes.map((o) => o.providerRef ?? ''),
      ],
    );
    return rows.map((row) => hydrate(em, TransactionEntity, row));
  }

  /** Current statuses of some transactions (absent ids do not exist); a keyed statement, as transactionsByIds. */
  async statusesOf(ids: string[], em: EntityManager = this.dataSource.manager): Promise<Map<string, TransactionStatus>> {
    const rows = (await keyedRows(em, 'transaction-statuses', `SELECT id, status FROM transactions WHERE id = ANY($1::uuid[])`, [ids])) as { id: string; status: TransactionStatus }[];
    return new Map(rows.map((r) => [r.id, r.status]));
  }
}

/** The priced insert of insertPendingMany's eighteen parameters, with `where` between its source and its conflict clause. */
export function insertPricedSql(where: string): string {
  return `INSERT INTO transactions (id, merchant_id, app_id, mode, direction, amount, fee, msisdn, description, reference,
         metadata, network, provider, initiated_by, reverses_payment_id, withdrawal, request_id, traceparent)
       SELECT v.id, v.merchant_id, v.app_id, v.mode, v.direction, v.amount, ${feeByRuleSql('v.amount', 'r.rule')}, v.msisdn, v.description,
         v.reference, v.metadata, v.network, v.provider, v.initiated_by, v.reverses_payment_id, v.withdrawal, v.request_id, v.traceparent
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[], $9::text[],
         $10::jsonb[], $11::text[], $12::text[], $13::text[], $14::uuid[], $15::boolean[], $16::text[], $17::text[])
         AS v(id, merchant_id, app_id, mode, direction, amount, msisdn, description, reference, metadata, network, provider,
           initiated_by, reverses_payment_id, withdrawal, request_id, traceparent)
       LEFT JOIN merchants m ON m.id = v.merchant_id
       CROSS JOIN LATERAL (SELECT ${feeRuleSql('m.fee_schedule', 'v.direction', '$18::jsonb')} AS rule) r
       ${where}
       ON CONFLICT (id) DO NOTHING
       RETURNING *`;
}

/** Runs an insert of `t`, a second active refund of its payment raised as ActiveRefundExistsError. */
async function refundConflictExplained(t: Pick<NewTransaction, 'reversesPaymentId'>, insert: () => Promise<Record<string, unknown>[]>): Promise<Record<string, unknown>[]> {
  try {
    return await insert();
  } catch (error) {
    if ((error as { constraint?: string }).constraint === 'transactions_one_active_refund_idx' && t.reversesPaymentId) {
      throw new ActiveRefundExistsError(t.reversesPaymentId);
    }
    throw error;
  }
}

/** The carrier later work on a stored transaction continues under. */
export function traceOf(transaction: { requestId: string | null; traceparent: string | null }): TraceCarrier | undefined {
  if (!transaction.requestId && !transaction.traceparent) return undefined;
  return { requestId: transaction.requestId ?? undefined, traceparent: transaction.traceparent ?? undefined };
}
