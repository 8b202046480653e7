import { randomUUID } from 'node:crypto';
import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { IdempotentRefusal } from '@momo/contracts';
import { ClaimRequest, IdempotencyRepository, IdempotencyScope } from '@momo/data';
import { ApiError, PeriodicSchedule, PeriodicTask, SecretBox } from '@momo/platform';
import { HttpAnswer, send, unansweredCommandAnswer } from './http-answer';
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

/** The claim a command that claims its key itself carries: the gateway's own claim, not made. */
export type DelegatedClaim = ClaimRequest & { transactionId: string };

/** What such a command came back with. */
export type DelegatedOutcome =
  /** The merchant's answer; `stored` when the command stored it under the key already. */
  | { kind: 'answered'; answer: HttpAnswer; stored: boolean }
  /** The key had an answer (a replay) or could not be claimed: nothing was created. */
  | { kind: 'refused'; refusal: IdempotentRefusal }
  /** No reply in time: whether anything was claimed or created is unknown. */
  | { kind: 'unanswered' };

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
   * For a command that claims the key itself, in its own commits (a keyed cash in:
   * CreateCashInCommand, sent by TransactionCommands.sendCashIn): `work` gets the claim to carry
   * (none without a key) and the gateway writes nothing unless the command could not store the
   * answer (an answer to retry, a refusal, an outcome payments-core leaves to the gateway) or never
   * answered. The merchant sees what `run` would show.
   */
  async runDelegated(
    reply: FastifyReply,
    op: IdempotentOperation,
    work: (attempt: IdempotentAttempt, claim: DelegatedClaim | undefined) => Promise<DelegatedOutcome>,
  ): Promise<FastifyReply> {
    const candidate = randomUUID();
    if (op.idempotencyKey === undefined) {
      const outcome = await work({ transactionId: candidate, attempt: 0, scope: null }, undefined);
      if (outcome.kind === 'refused') throw new Error('a command without an Idempotency-Key was refused for its key');
      return send(reply, outcome.kind === 'answered' ? outcome.answer : unansweredCommandAnswer(candidate));
    }
    const claim = this.claimRequest(op, op.idempotencyKey, candidate);
    const scope = { apiKeyId: claim.apiKeyId, key: claim.key };
    let outcome: DelegatedOutcome;
    try {
      outcome = await work({ transactionId: candidate, attempt: 1, scope }, claim);
    } catch (error) {
      await this.records.releaseForRetry(claim);
      throw error;
    }
    switch (outcome.kind) {
      case 'refused':
        return this.refuseOrReplay(reply, outcome.refusal);
      case 'unanswered':
        return send(reply, unansweredCommandAnswer(await this.records.releaseForRetry(claim)));
      case 'answered':
        if (!outcome.stored) await this.finish({ transactionId: candidate, attempt: 1, scope }, outcome.answer, false);
        return send(reply, outcome.answer);
    }
  }

  /**
   * Claims the key. Returns undefined when the answer was already sent (a replay); throws the
   * 400/409 of a reused or busy key.
   */
  async begin(reply: FastifyReply, op: IdempotentOperation): Promise<IdempotentAttempt | undefined> {
    if (op.idempotencyKey === undefined) return { transactionId: randomUUID(), attempt: 0, scope: null };
    const request = this.claimRequest(op, op.idempotencyKey, randomUUID());
    const claim = await this.records.claim(request);
    if (claim.kind !== 'claimed') {
      this.refuseOrReplay(reply, claim);
      return undefined;
    }
    return { transactionId: claim.transactionId ?? randomUUID(), attempt: claim.attempt, scope: { apiKeyId: request.apiKeyId, key: request.key } };
  }

  private claimRequest(op: IdempotentOperation, key: string, transactionId: string): DelegatedClaim {
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw ApiError.of('IDEMPOTENCY_KEY_INVALID');
    return {
      apiKeyId: op.scopeId,
      key,
      requestHash: requestFingerprint(op.operation, op.body),
      transactionId,
      leaseMs: this.config.COMMAND_WAIT_MS + 5_000,
      retentionHours: this.config.IDEMPOTENCY_RETENTION_HOURS,
    };
  }

  /** Throws the 400/409 of a reused or busy key; sends a replay with its header. */
  private refuseOrReplay(reply: FastifyReply, refusal: IdempotentRefusal): FastifyReply {
    switch (refusal.kind) {
      case 'mismatch':
        throw ApiError.of('IDEMPOTENCY_KEY_REUSED');
      case 'in_progress':
        throw new ApiError('IDEMPOTENCY_KEY_IN_USE', undefined, undefined, 409, 1);
      case 'replay': {
        const body = refusal.response.sealed ? this.box.open(refusal.response.body) : refusal.response.body;
        return send(reply, { status: refusal.response.status, body }, { [REPLAYED_HEADER]: 'true' });
      }
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
