import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { queryRows } from './hydrate';
import { preparedRows } from './prepared';
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

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async claim(request: ClaimRequest): Promise<ClaimResult> {
    const em = this.dataSource.manager;
    const { apiKeyId, key, requestHash, transactionId, leaseMs, retentionHours } = request;
    // A new key, or one whose record has outlived its retention: this request owns it.
    const inserted = await preparedRows(
      em,
      'idempotency_claim',
      `INSERT INTO idempotency_keys (api_key_id, key, request_hash, state, transaction_id, locked_until, expires_at, attempts)
       VALUES ($1, $2, $3, 'in_progress', $4, now() + make_interval(secs => $5::double precision / 1000), now() + make_interval(hours => $6), 1)
       ON CONFLICT (api_key_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, state = 'in_progress', transaction_id = EXCLUDED.transaction_id,
             response_status = NULL, response_body = NULL, response_sealed = false, locked_until = EXCLUDED.locked_until,
             created_at = now(), expires_at = EXCLUDED.expires_at, attempts = 1
         WHERE idempotency_keys.expires_at <= now()
       RETURNING transaction_id, attempts`,
      [apiKeyId, key, requestHash, transactionId, leaseMs, retentionHours],
    );
    if (inserted.length === 1) return claimed(inserted[0]);

    // The same request again after its owner gave up or died: take over, keeping its transaction id.
    const takenOver = await preparedRows(
      em,
      'idempotency_take_over',
      `UPDATE idempotency_keys
          SET locked_until = now() + make_interval(secs => $4::double precision / 1000), attempts = attempts + 1
        WHERE api_key_id = $1 AND key = $2 AND request_hash = $3 AND state = 'in_progress'
          AND locked_until <= now() AND expires_at > now()
        RETURNING transaction_id, attempts`,
      [apiKeyId, key, requestHash, leaseMs],
    );
    if (takenOver.length === 1) return claimed(takenOver[0]);

    const [existing] = await preparedRows(
      em,
      'idempotency_existing',
      `SELECT request_hash, state, response_status, response_body, response_sealed FROM idempotency_keys
        WHERE api_key_id = $1 AND key = $2 AND expires_at > now()`,
      [apiKeyId, key],
    );
    // Expired between our statements: claim again from the top.
    if (!existing) return this.claim(request);
    if (existing.request_hash !== requestHash) return { kind: 'mismatch' };
    if (existing.state === 'completed') {
      return {
        kind: 'replay',
        response: { status: existing.response_status as number, body: existing.response_body as string, sealed: existing.response_sealed as boolean },
      };
    }
    return { kind: 'in_progress' };
  }

  /** Stores the final answer. Inside the caller's transaction when the work itself is in Postgres. */
  async complete(scope: IdempotencyScope, response: StoredResponse, em: EntityManager = this.dataSource.manager): Promise<void> {
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
   * Lets the next retry take over at once. `nextTransactionId` replaces the pre-assigned id when
   * the transaction it named is final (failed) and a retry should make a new one.
   */
  async release(scope: IdempotencyScope, nextTransactionId?: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET locked_until = now(), transaction_id = COALESCE($3, transaction_id)
        WHERE api_key_id = $1 AND key = $2 AND state = 'in_progress'`,
      [scope.apiKeyId, scope.key, nextTransactionId ?? null],
    );
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

function claimed(row: Record<string, unknown>): ClaimResult {
  return { kind: 'claimed', transactionId: (row.transaction_id as string | null) ?? null, attempt: Number(row.attempts) };
}
