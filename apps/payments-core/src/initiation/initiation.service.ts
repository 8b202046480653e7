import { Injectable, Logger } from '@nestjs/common';
import { CommandReply, ErrorCode, InitiationOutcome, JobIds, toTransactionView, TransactionReply } from '@momo/contracts';
import { IdempotencyScope, TransactionEntity, TransactionsRepository } from '@momo/data';
import { JobRpc } from '@momo/platform';
import { PaymentsCoreConfig } from '../payments-core.config';
import { OperatorResults } from '../settlement/operator-results';
import { SettlementService } from '../settlement/settlement.service';
import { initiationJob } from './initiation-job';
import { PendingTransactions } from './pending-transactions';

/**
 * Gets a committed pending transaction in front of its operator and turns the operator's first
 * answer into the merchant's: accepted -> the pending transaction (final already when the
 * operator's answer was final, which is applied here); a refusal -> the transaction
 * fails and the merchant hears the reason; a rate limit or outage -> it fails and the merchant
 * hears RATE_LIMITED / OPERATOR_UNAVAILABLE; no interpretable answer -> it stays pending for the
 * reconciler (OPERATOR_ERROR when the answer was garbage, the transaction when there was none in
 * time). Replies carry error codes only; the gateway answers with their ERROR_CODES status.
 */
@Injectable()
export class InitiationService {
  private readonly logger = new Logger(InitiationService.name);

  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly pending: PendingTransactions,
    private readonly settlement: SettlementService,
    private readonly rpc: JobRpc,
    private readonly config: PaymentsCoreConfig,
    private readonly results: OperatorResults,
  ) {}

  /**
   * Sends the transaction to the operator unless that already happened, and reports the result.
   * A merchant's retry of a request whose initiation outcome was unknown sends it again (the
   * operator dedupes on our reference) rather than re-reading the first, inconclusive answer.
   * With `answerTo` (a keyed cash in's Idempotency-Key), a 201 that records the operator's answer is
   * stored under the key in that commit (`answerStored`); any other answer is left to the gateway.
   */
  async initiate(transaction: TransactionEntity, requestAttempt = 0, answerTo?: IdempotencyScope): Promise<CommandReply> {
    if (transaction.status !== 'pending' || transaction.initiationState === 'accepted') {
      return { outcome: 'created', transaction: toTransactionView(transaction) };
    }
    const jobId = transaction.initiationState === 'unknown' && requestAttempt > 1 ? JobIds.reinitiate(transaction.id, requestAttempt) : JobIds.initiate(transaction.id);
    const reply = await this.rpc.call('initiate-transaction', initiationJob(transaction), { jobId, timeoutMs: this.config.INITIATION_WAIT_MS });
    const outcome: InitiationOutcome =
      reply.status === 'completed'
        ? reply.value
        : { kind: 'unknown', reason: reply.status === 'timeout' ? 'timeout' : 'network', detail: reply.status === 'failed' ? reply.reason : 'no answer in time' };
    return this.applyInitiationOutcome(transaction, outcome, answerTo);
  }

  private async applyInitiationOutcome(transaction: TransactionEntity, outcome: InitiationOutcome, answerTo?: IdempotencyScope): Promise<CommandReply> {
    switch (outcome.kind) {
      case 'accepted': {
        const accepted = await this.recordInitiation(transaction, 'accepted', outcome.providerRef, outcome.confirmed ? undefined : answerTo);
        if (!outcome.confirmed) return accepted;
        // Final at once: applied here, as any operator result (the reply is its only carrier).
        const settled = await this.results.apply({ transactionId: transaction.id, ...outcome.confirmed, source: 'initiation' });
        return settled ? created(settled) : this.current(transaction.id);
      }
      case 'unknown': {
        this.logger.warn({ transactionId: transaction.id, reason: outcome.reason, detail: outcome.detail }, 'initiation outcome unknown');
        // An uninterpretable answer is a 502 the merchant retries: not stored.
        const uninterpretable = outcome.reason === 'uninterpretable';
        const current = await this.recordInitiation(transaction, 'unknown', undefined, uninterpretable ? undefined : answerTo);
        if (!uninterpretable) return current;
        return rejection('OPERATOR_ERROR', 'The mobile network gave an answer we could not interpret; the transaction is pending until the network confirms it.', current);
      }
      case 'refused': {
        const failed = await this.fail(transaction, outcome.failureCode, outcome.failureMessage);
        return rejection(outcome.failureCode, outcome.failureMessage, failed);
      }
      case 'rate_limited': {
        // The spec passes an upstream 429 through "with the same shape" as our own: code
        // RATE_LIMITED and Retry-After; who limited and why is in details. The failed
        // transaction keeps the more precise failure_code OPERATOR_RATE_LIMITED.
        const failed = await this.fail(transaction, 'OPERATOR_RATE_LIMITED', outcome.failureMessage);
        return rejection('RATE_LIMITED', 'The mobile network is rate-limiting requests; retry after the number of seconds in Retry-After.', failed, outcome.retryAfterSeconds, {
          limited_by: 'network',
          network: transaction.network,
          reason: outcome.failureMessage,
        });
      }
      case 'unavailable': {
        const failed = await this.fail(transaction, 'OPERATOR_UNAVAILABLE', outcome.failureMessage);
        return rejection('OPERATOR_UNAVAILABLE', outcome.failureMessage, failed, outcome.retryAfterSeconds);
      }
    }
  }

  /** The operator refused at initiation, so no money moved: the transaction fails for good (a payout's hold is released). */
  private async fail(transaction: TransactionEntity, failureCode: ErrorCode, failureMessage: string): Promise<TransactionReply> {
    await this.transactions.setInitiationState(transaction.id, 'refused');
    const failed = await this.settlement.settle(transaction.id, { status: 'failed', failureCode, failureMessage });
    return failed ? created(failed) : this.current(transaction.id);
  }

  /** Stores the initiation outcome (and the merchant's answer, with `answerTo`) and answers with the transaction as it now stands. */
  private async recordInitiation(asSent: TransactionEntity, state: 'accepted' | 'unknown', providerRef?: string, answerTo?: IdempotencyScope): Promise<CommandReply & { outcome: 'created' }> {
    const transaction = await this.pending.recordInitiation(asSent, state, providerRef, answerTo);
    if (!transaction) throw new Error(`transaction ${asSent.id} vanished`);
    return answerTo ? { ...created(transaction), answerStored: true } : created(transaction);
  }

  private async current(id: string): Promise<CommandReply & { outcome: 'created' }> {
    const transaction = await this.transactions.findById(id);
    if (!transaction) throw new Error(`transaction ${id} vanished`);
    return created(transaction);
  }
}

function created(transaction: TransactionEntity): CommandReply & { outcome: 'created' } {
  return { outcome: 'created', transaction: toTransactionView(transaction) };
}

/** A refusal the merchant hears as an error; the transaction it concerns rides along. */
export function rejection(
  code: ErrorCode,
  message: string,
  current?: TransactionReply,
  retryAfterSeconds?: number,
  details?: Record<string, unknown>,
): TransactionReply {
  const transaction = current?.transaction;
  return {
    outcome: 'rejected',
    error: { code, message, retryAfterSeconds, details: transaction ? { transaction_id: transaction.id, ...details } : details },
    transaction,
  };
}
