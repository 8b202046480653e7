import { randomUUID } from 'node:crypto';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { IdempotencyRepository, IdempotencyScope } from '@momo/data';
import { ApiError, PeriodicSchedule, PeriodicTask, SecretBox } from '@momo/platform';
import { HttpAnswer, send } from './http-answer';
import { MoneyRequestSettings } from './money-request.settings';
import { IDEMPOTENCY_KEY_PATTERN, requestFingerprint } from './request-fingerprint';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The request's claim on its Idempotency-Key (or none, without one). */
export interface IdempotentAttempt {
  /** Pre-assigned id of the transaction this request creates; the same on every retry of one key. */
  transactionId: string;
  /** 0 without an Idempotency-Key; 1 for the first request with one; more for retries taking over. */
  attempt: number;
  scope: IdempotencyScope | null;
}

export interface IdempotentOperation {
  /**
   * Whose keys these are: the API key's id on /v1, the dashboard user's id in the dashboard
   * (both UUIDs, so the two never share a key space).
   */
  scopeId: string;
  idempotencyKey: string | undefined;
  /** e.g. `POST /v1/payments` or `POST /v1/payments/:id/refund` with the id filled in. */
  operation: string;
  body: unknown;
  /** The stored answer carries secrets shown once (new keys): seal it at rest. */
  sealed?: boolean;
}

/**
 * Idempotency as the contract says: scope = the API key (or the dashboard user); a repeat with the same body gets the
 * first answer byte for byte with `Idempotent-Replayed: true`; another body is 400
 * IDEMPOTENCY_KEY_REUSED; a repeat while the first is running is 409 IDEMPOTENCY_KEY_IN_USE.
 * Answers the merchant is told to retry (429 and 503 from the network, 502, our own 503 and 500)
 * are not stored: the retry runs again, with the same transaction id when the first transaction
 * may still be alive, or a new one when it failed for good.
 */
@Injectable()
export class IdempotentRequests implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly box: SecretBox;
  private readonly purge: IdempotencyPurge;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: IdempotencyRepository,
    private readonly config: MoneyRequestSettings,
  ) {
    this.box = new SecretBox(config.SECRETS_ENCRYPTION_KEY);
    this.purge = new IdempotencyPurge(records);
  }

  /** Runs `work` at most once per key (as far as the outcome allows) and sends its answer. */
  async run(reply: FastifyReply, op: IdempotentOperation, work: (attempt: IdempotentAttempt) => Promise<HttpAnswer>): Promise<FastifyReply> {
    const attempt = await this.begin(reply, op);
    if (!attempt) return reply;
    let answer: HttpAnswer;
    try {
      answer = await work(attempt);
    } catch (error) {
      if (attempt.scope) await this.records.release(attempt.scope);
      throw error;
    }
    await this.finish(attempt, answer, op.sealed ?? false);
    return send(reply, answer);
  }

  /**
   * The same, for work done entirely in Postgres: the work and the stored answer commit in one
   * transaction, so a crash can never leave the work done without its answer (or the reverse).
   */
  async runInTransaction(
    reply: FastifyReply,
    op: IdempotentOperation,
    work: (attempt: IdempotentAttempt, em: EntityManager) => Promise<HttpAnswer>,
  ): Promise<FastifyReply> {
    const attempt = await this.begin(reply, op);
    if (!attempt) return reply;
    try {
      const answer = await this.dataSource.transaction(async (em) => {
        const result = await work(attempt, em);
        await this.finish(attempt, result, op.sealed ?? false, em);
        return result;
      });
      return send(reply, answer);
    } catch (error) {
      if (attempt.scope) await this.records.release(attempt.scope);
      throw error;
    }
  }

  /**
   * Claims the key. Returns undefined when the answer was already sent (a replay); throws the
   * 400/409 of a reused or busy key.
   */
  async begin(reply: FastifyReply, op: IdempotentOperation): Promise<IdempotentAttempt | undefined> {
    if (op.idempotencyKey === undefined) return { transactionId: randomUUID(), attempt: 0, scope: null };
    if (!IDEMPOTENCY_KEY_PATTERN.test(op.idempotencyKey)) throw ApiError.of('IDEMPOTENCY_KEY_INVALID');
    const scope = { apiKeyId: op.scopeId, key: op.idempotencyKey };
    const claim = await this.records.claim({
      ...scope,
      requestHash: requestFingerprint(op.operation, op.body),
      transactionId: randomUUID(),
      leaseMs: this.config.COMMAND_WAIT_MS + 5_000,
      retentionHours: this.config.IDEMPOTENCY_RETENTION_HOURS,
    });
    switch (claim.kind) {
      case 'mismatch':
        throw ApiError.of('IDEMPOTENCY_KEY_REUSED');
      case 'in_progress':
        throw new ApiError('IDEMPOTENCY_KEY_IN_USE', undefined, undefined, 409, 1);
      case 'replay': {
        const body = claim.response.sealed ? this.box.open(claim.response.body) : claim.response.body;
        send(reply, { status: claim.response.status, body }, { [REPLAYED_HEADER]: 'true' });
        return undefined;
      }
      case 'claimed':
        return { transactionId: claim.transactionId ?? randomUUID(), attempt: claim.attempt, scope };
    }
  }

  /** Stores a final answer (inside `em` when the work's own writes are there), or lets a retry run again. */
  async finish(attempt: IdempotentAttempt, answer: HttpAnswer, sealed: boolean, em?: EntityManager): Promise<void> {
    if (!attempt.scope) return;
    if (answer.retry) {
      await this.records.release(attempt.scope, answer.retry === 'new-transaction' ? randomUUID() : undefined);
      return;
    }
    await this.records.complete(attempt.scope, { status: answer.status, body: sealed ? this.box.seal(answer.body) : answer.body, sealed }, em);
  }

  onApplicationBootstrap(): void {
    this.purge.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.purge.stop();
  }
}

/** Records past their retention are ignored by claims already; this only keeps the table small. */
class IdempotencyPurge extends PeriodicTask {
  protected readonly failureMessage = 'purging expired idempotency records failed; next round retries';

  constructor(private readonly records: IdempotencyRepository) {
    super();
  }

  protected schedule(): PeriodicSchedule {
    return { everyMs: 10 * 60_000 };
  }

  protected async tick(): Promise<void> {
    let removed: number;
    do removed = await this.records.purgeExpired(5_000);
    while (removed === 5_000);
  }
}
