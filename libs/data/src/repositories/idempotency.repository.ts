import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MicroBatcher, REQUEST_WRITE_LINGER_MS, wholeOrEachAlone } from '@momo/platform';
import { queryRows } from './hydrate';
import { keyedRows, preparedRows } from './keyed-statements';
import { isoMillisecondsSql } from './webhook-body.sql';
import type { Table } from '../ownership';

export interface IdempotencyScope {
  apiKeyId: string;
  key: string;
}

export interface StoredResponse {
  status: number;
  body: string;
  /** The body is a SecretBox envelope (it carries secrets shown once, such as new API keys). */
  sealed: boolean;
}

export type ClaimResult =
  /** This request owns the key now; `attempt` is 1 for a new key, more for a retry taking over. */
  | { kind: 'claimed'; transactionId: string | null; attempt: number }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

export interface ClaimRequest extends IdempotencyScope {
  requestHash: string;
  /** Pre-assigned id of what the request creates, kept across retries of the same key. */
  transactionId: string | null;
  leaseMs: number;
  retentionHours: number;
  /**
   * Until when this request may take over a key left by another request (its answer still has
   * someone waiting for it); absent, whenever. A claim of a new key, or of the request's own
   * transaction, is not bounded.
   */
  takeOverBefore?: Date;
}

/**
 * idempotency_keys: owned by api-gateway. Claiming is race-free in Postgres: the primary key
 * (api key, Idempotency-Key) lets exactly one request insert; the others see its row. A request
 * that dies while holding a key leaves a lease that expires, after which a retry takes over with
 * the same pre-assigned transaction id, so it cannot create a second transaction.
 */
@Injectable()
export class IdempotencyRepository {
  static readonly writes: readonly Table[] = ['idempotency_keys'];

  /**
   * Answers stored at the same moment go in one statement and one commit: the replies to one
   * batch of creations reach the gateway together, so their answers are stored together.
   */
  private readonly completions = new MicroBatcher<Completion, void>((batch) => wholeOrEachAlone(batch, (some) => this.completeMany(some)), {
    maxBatch: 200,
    maxConcurrentFlushes: 2,
    gatherTurn: true,
    lingerWhenBusyMs: REQUEST_WRITE_LINGER_MS,
  });

  /** Claims made at the same moment go in one statement and one commit, each still committed before its work starts. */
  private readonly claims = new MicroBatcher<ClaimRequest, Record<string, unknown> | null>((batch) => wholeOrEachAlone(batch, (some) => this.claimMany(some)), {
    maxBatch: 200,
    maxConcurrentFlushes: 2,
    gatherTurn: true,
    lingerWhenBusyMs: REQUEST_WRITE_LINGER_MS,
  });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async claim(request: ClaimRequest): Promise<ClaimResult> {
    const em = this.dataSource.manager;
    const { apiKeyId, key, requestHash, leaseMs } = request;
    // A new key, or one whose record has outlived its retention: this request owns it.
    const inserted = await this.claims.submit(request);
    if (inserted) return claimed(inserted);

    // The same request again after its owner gave up or died: take over, keeping its transaction id
    // (unless it is this request's own, found below without taking the lease from a retry).
    const takenOver = await preparedRows(
      em,
      'idempotency_take_over_from_another',
      `UPDATE idempotency_keys
          SET locked_until = now() + make_interval(secs => $4::double precision / 1000), attempts = attempts + 1
        WHERE api_key_id = $1 AND key = $2 AND request_hash = $3 AND state = 'in_progress'
          AND locked_until <= now() AND expires_at > now() AND transaction_id IS DISTINCT FROM $5::uuid
          AND ($6::timestamptz IS NULL OR now() < $6::timestamptz)
        RETURNING transaction_id, attempts`,
      [apiKeyId, key, requestHash, leaseMs, request.transactionId, request.takeOverBefore ?? null],
    );
    if (takenOver.length === 1) return claimed(takenOver[0]);

    const [existing] = await preparedRows(
      em,
      'idempotency_existing_with_holder',
      `SELECT request_hash, state, response_status, response_body, response_sealed, transaction_id, attempts FROM idempotency_keys
        WHERE api_key_id = $1 AND key = $2 AND expires_at > now()`,
      [apiKeyId, key],
    );
    // Expired between our statements: claim again from the top.
    if (!existing) return this.claim(request);
    if (existing.request_hash !== requestHash) return { kind: 'mismatch' };
    // The key stands for this very request's transaction: the request claimed it before (a command
    // run again after its worker died), or its gateway gave up waiting and left the key to it
    // (releaseForRetry). Only that request carries its (random) transaction id, and all work on
    // one transaction is idempotent, so it goes on even if a retry is at work on it too.
    if (existing.state === 'in_progress' && existing.transaction_id === request.transactionId) return claimed(existing);
    if (existing.state === 'completed') {
      return {
        kind: 'replay',
        response: { status: existing.response_status as number, body: existing.response_body as string, sealed: existing.response_sealed as boolean },
      };
    }
    return { kind: 'in_progress' };
  }

  /**
   * Inserts the claims of a batch that are new keys (or past their retention), returning the row
   * of each one this batch now owns and null for the others. A key twice in one batch is claimed
   * by its first request only (the others then find it in progress, as they would one after the
   * other); rows are locked in key order. (A batch Postgres refuses is claimed again one by one: wholeOrEachAlone.)
   */
  private async claimMany(batch: ClaimRequest[]): Promise<(Record<string, unknown> | null)[]> {
    const firsts = firstOfEachKey(batch, scopeKey);
    const returned = await keyedRows(this.dataSource.manager, 'idempotency_claim_many', `${claimKeysSql(1)} RETURNING api_key_id, key, transaction_id, attempts`, claimKeysParams(batch));
    const owned = new Map(returned.map((row) => [scopeKey({ apiKeyId: row.api_key_id as string, key: row.key as string }), row]));
    // A later request for a key the batch already claims gets null: it finds the key in progress.
    return batch.map((request) => {
      const key = scopeKey(request);
      return firsts.get(key) === request ? (owned.get(key) ?? null) : null;
    });
  }

  /**
   * Stores the final answer: inside `em` when the work itself is in Postgres (one commit for both),
   * otherwise with the answers of other requests finishing at the same moment. Either way it is
   * committed when this resolves, before the merchant hears the answer.
   */
  async complete(scope: IdempotencyScope, response: StoredResponse, em?: EntityManager): Promise<void> {
    if (em) await this.completeOne(em, { scope, response });
    else await this.completions.submit({ scope, response });
  }

  private async completeOne(em: EntityManager, { scope, response }: Completion): Promise<void> {
    await preparedRows(
      em,
      'idempotency_complete',
      `UPDATE idempotency_keys
          SET state = 'completed', response_status = $3, response_body = $4, response_sealed = $5, locked_until = NULL
        WHERE api_key_id = $1 AND key = $2 AND state = 'in_progress'`,
      [scope.apiKeyId, scope.key, response.status, response.body, response.sealed],
    );
  }

  /**
   * One statement for a batch of answers (completeKeysSql). (A batch Postgres refuses is stored
   * again answer by answer, in arrival order: wholeOrEachAlone.)
   */
  private async completeMany(batch: Completion[]): Promise<void[]> {
    await keyedRows(this.dataSource.manager, COMPLETE_KEYS, completeKeysSql(), completeKeysParams(batch));
    return batch.map(() => undefined);
  }

  /**
   * Lets the next retry take over at once. `nextTransactionId` replaces the pre-assigned id when
   * the transaction it named is final (failed) and a retry should make a new one.
   */
  async release(scope: IdempotencyScope, nextTransactionId?: string): Promise<void> {
    // Prepared: every refusal the merchant may retry (a rate limit, an operator outage, the adapter
    // shedding load) comes this way, so it is most frequent when the machine is busiest.
    await preparedRows(
      this.dataSource.manager,
      'idempotency_release',
      `UPDATE idempotency_keys SET locked_until = now(), transaction_id = COALESCE($3::uuid, transaction_id)
        WHERE api_key_id = $1 AND key = $2 AND state = 'in_progress'`,
      [scope.apiKeyId, scope.key, nextTransactionId ?? null],
    );
  }

  /**
   * After a request gave up waiting for a command that claims its key itself (a keyed cash in),
   * leaves the key as `run` leaves it after a 503: standing for the request's transaction, held by
   * nobody, so the retry takes over at once. If the command has not claimed it yet, the key is
   * claimed here for the command's transaction, already released: the command, when it runs, finds
   * its own transaction there and goes on with it (IdempotencyRepository.claim), as the retry does.
   * A key held for another transaction (an earlier request's) is left alone. Returns the
   * transaction the key stands for, for the 503 to name.
   */
  async releaseForRetry(request: ClaimRequest & { transactionId: string }): Promise<string> {
    const [row] = await queryRows(
      this.dataSource.manager,
      `WITH released AS (
         INSERT INTO idempotency_keys (api_key_id, key, request_hash, state, transaction_id, locked_until, expires_at, attempts)
         VALUES ($1, $2, $3, 'in_progress', $4, now(), now() + make_interval(hours => $5::int), 1)
         ON CONFLICT (api_key_id, key) DO UPDATE SET locked_until = now()
          WHERE idempotency_keys.state = 'in_progress' AND idempotency_keys.transaction_id = EXCLUDED.transaction_id
         RETURNING transaction_id)
       SELECT transaction_id FROM released
        UNION ALL
       SELECT transaction_id FROM idempotency_keys
        WHERE api_key_id = $1 AND key = $2 AND request_hash = $3 AND expires_at > now() AND NOT EXISTS (SELECT 1 FROM released)`,
      [request.apiKeyId, request.key, request.requestHash, request.transactionId, request.retentionHours],
    );
    return (row?.transaction_id as string | undefined) ?? request.transactionId;
  }

  /** Deletes up to `limit` records past their retention; returns how many. */
  async purgeExpired(limit: number): Promise<number> {
    const rows = await queryRows(
      this.dataSource.manager,
      `DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT $1) RETURNING 1`,
      [limit],
    );
    return rows.length;
  }
}

export interface Completion {
  scope: IdempotencyScope;
  response: StoredResponse;
}

function scopeKey(scope: IdempotencyScope): string {
  return `${scope.apiKeyId} ${scope.key}`;
}

/** The first item of each key, by key. */
function firstOfEachKey<T>(items: T[], keyOf: (item: T) => string): Map<string, T> {
  const firsts = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    if (!firsts.has(key)) firsts.set(key, item);
  }
  return firsts;
}

/** Rows in key order, so that two statements locking some of the same rows take them in the same order. */
function inKeyOrder<T>(byKey: Map<string, T>): T[] {
  return [...byKey.keys()].sort().map((key) => byKey.get(key) as T);
}

function claimed(row: Record<string, unknown>): ClaimResult {
  return { kind: 'claimed', transactionId: (row.transaction_id as string | null) ?? null, attempt: Number(row.attempts) };
}

/** The claims of a batch as claimKeysSql's parameters: the first claim of each key, in key order. */
export function claimKeysParams(batch: ClaimRequest[]): unknown[] {
  const rows = inKeyOrder(firstOfEachKey(batch, scopeKey));
  return [
    rows.map((r) => r.apiKeyId), rows.map((r) => r.key), rows.map((r) => r.requestHash), rows.map((r) => r.transactionId),
    rows.map((r) => r.leaseMs), rows.map((r) => r.retentionHours),
  ];
}

/**
 * Claims keys that are new (or past their retention) from six array parameters starting at
 * `$first` (claimKeysParams): the statement's RETURNING names the rows it now owns. Used alone by
 * the gateway and inside the insert of keyed cash-ins by payments-core.
 */
export function claimKeysSql(first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `INSERT INTO idempotency_keys (api_key_id, key, request_hash, state, transaction_id, locked_until, expires_at, attempts)
       SELECT v.api_key_id, v.key, v.request_hash, 'in_progress', v.transaction_id,
              now() + make_interval(secs => v.lease_ms / 1000), now() + make_interval(hours => v.retention_hours), 1
         FROM unnest(${p(0)}::uuid[], ${p(1)}::text[], ${p(2)}::text[], ${p(3)}::uuid[], ${p(4)}::float8[], ${p(5)}::int[])
           AS v(api_key_id, key, request_hash, transaction_id, lease_ms, retention_hours)
       ON CONFLICT (api_key_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, state = 'in_progress', transaction_id = EXCLUDED.transaction_id,
             response_status = NULL, response_body = NULL, response_sealed = false, locked_until = EXCLUDED.locked_until,
             created_at = now(), expires_at = EXCLUDED.expires_at, attempts = 1
         WHERE idempotency_keys.expires_at <= now()`;
}

/** The name completeKeysSql runs under, wherever it runs. */
export const COMPLETE_KEYS = 'idempotency_complete_many';

/**
 * Completes the keys still in progress among the answers of `answers`, a FROM item aliased `v` with
 * columns (api_key_id, key, status, body, sealed), one row per key (answersInKeyOrder): a key twice
 * in one batch (an abandoned owner finishing after a retry took over) keeps the first answer, as
 * two statements one after the other would, the second finding the key completed. Rows are locked
 * in key order, so two batches at once cannot deadlock.
 */
function completeKeysFromSql(answers: string): string {
  return `UPDATE idempotency_keys k
          SET state = 'completed', response_status = v.status, response_body = v.body, response_sealed = v.sealed, locked_until = NULL
         FROM ${answers}
        WHERE k.api_key_id = v.api_key_id AND k.key = v.key AND k.state = 'in_progress'`;
}

/** Stores a batch of answers from five array parameters (completeKeysParams). */
export function completeKeysSql(): string {
  return completeKeysFromSql(`unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::bool[]) AS v(api_key_id, key, status, body, sealed)`);
}

export function completeKeysParams(batch: Completion[]): unknown[] {
  const rows = answersInKeyOrder(batch);
  return [
    rows.map((c) => c.scope.apiKeyId), rows.map((c) => c.scope.key), rows.map((c) => c.response.status),
    rows.map((c) => c.response.body), rows.map((c) => c.response.sealed),
  ];
}

/**
 * A keyed cash in's answer, built before its initiation is recorded and finished by Postgres with
 * the row that statement writes: the body is `head`, the row's provider_ref as JSON, `middle`, its
 * updated_at as JSON (JavaScript's ISO form), then `tail`. While a transaction is pending only those
 * two of the fields its answer shows can change (payments-core, answer-template.ts).
 */
export interface AnswerTemplate {
  scope: IdempotencyScope;
  transactionId: string;
  status: number;
  head: string;
  middle: string;
  tail: string;
}

/**
 * `completeKeysSql` for answers finished from the rows of `rows` (a CTE of transactions just
 * written, joined on the template's transaction): the key of a transaction not in `rows` keeps
 * waiting. Seven array parameters from `first` (answerTemplatesParams).
 */
export function completeKeysFromTemplatesSql(first: number, rows: string): string {
  const p = (i: number) => `$${first + i}`;
  return completeKeysFromSql(`(
           SELECT a.api_key_id, a.key, a.status, false AS sealed,
                  a.head || COALESCE(to_json(r.provider_ref)::text, 'null') || a.middle ||
                    to_json(${isoMillisecondsSql('r.updated_at')})::text || a.tail AS body
             FROM unnest(${p(0)}::uuid[], ${p(1)}::text[], ${p(2)}::uuid[], ${p(3)}::int[], ${p(4)}::text[], ${p(5)}::text[], ${p(6)}::text[])
                    AS a(api_key_id, key, transaction_id, status, head, middle, tail)
             JOIN ${rows} r ON r.id = a.transaction_id
         ) AS v`);
}

export function answerTemplatesParams(templates: AnswerTemplate[]): unknown[] {
  const rows = answersInKeyOrder(templates);
  return [
    rows.map((t) => t.scope.apiKeyId), rows.map((t) => t.scope.key), rows.map((t) => t.transactionId), rows.map((t) => t.status),
    rows.map((t) => t.head), rows.map((t) => t.middle), rows.map((t) => t.tail),
  ];
}

/** The first answer to each key, in key order (completeKeysFromSql). */
function answersInKeyOrder<T extends { scope: IdempotencyScope }>(answers: T[]): T[] {
  return inKeyOrder(firstOfEachKey(answers, (answer) => scopeKey(answer.scope)));
}
