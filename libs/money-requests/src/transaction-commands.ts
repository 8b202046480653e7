import { Injectable } from '@nestjs/common';
import { CommandReply, CreateCashInCommand, CreatePaymentCommand, JobIds, JobName, JobPayload } from '@momo/contracts';
import { ApiError, JobRpc, RpcResult } from '@momo/platform';
import { createdAnswer, errorAnswer, HttpAnswer, unansweredCommandAnswer } from './http-answer';
import { DelegatedClaim, DelegatedOutcome, IdempotentAttempt } from './idempotent-requests';
import { MoneyRequestSettings } from './money-request.settings';

type CommandName = Extract<JobName, 'create-payment' | 'create-payout' | 'create-refund'>;

const JOB_ID: Record<CommandName, (transactionId: string, attempt: number) => string> = {
  'create-payment': JobIds.createPayment,
  'create-payout': JobIds.createPayout,
  'create-refund': JobIds.createRefund,
};

/** Errors after which the transaction is final (failed): a retry must make a new one (payments-core's RATE_LIMITED is always the network's). */
const FINAL_RETRYABLE = new Set(['RATE_LIMITED', 'OPERATOR_UNAVAILABLE']);

/**
 * Sends a command that creates a transaction to payments-core and waits (bounded) for its reply.
 * The transaction id is chosen here, before sending, so a retried command joins the first
 * transaction instead of creating a second one.
 */
@Injectable()
export class TransactionCommands {
  constructor(
    private readonly rpc: JobRpc,
    private readonly config: MoneyRequestSettings,
  ) {}

  /**
   * A cash in whose Idempotency-Key (`claim`, none without a key) payments-core claims itself, in
   * the commit that inserts the transaction (IdempotentRequests.runDelegated).
   */
  async sendCashIn(attempt: IdempotentAttempt, claim: DelegatedClaim | undefined, payload: CreatePaymentCommand): Promise<DelegatedOutcome> {
    const command: CreateCashInCommand = claim
      ? {
          ...payload,
          idempotencyScopeId: claim.apiKeyId,
          idempotencyKey: claim.key,
          requestHash: claim.requestHash,
          idempotencyLeaseMs: claim.leaseMs,
          idempotencyRetentionHours: claim.retentionHours,
          idempotencyTakeOverBefore: Date.now() + this.config.COMMAND_WAIT_MS,
        }
      : { ...payload, requestAttempt: attempt.attempt };
    const result = await this.rpc.call('create-payment', command, {
      jobId: JobIds.createPayment(attempt.transactionId, attempt.attempt),
      timeoutMs: this.config.COMMAND_WAIT_MS,
    });
    if (result.status !== 'completed') return { kind: 'unanswered' };
    const reply = result.value as CommandReply;
    if (reply.outcome === 'idempotent') return { kind: 'refused', refusal: reply.claim };
    return { kind: 'answered', answer: answerOf(result as RpcResult<CommandReply>, attempt.transactionId), stored: reply.answerStored === true };
  }

  async send<N extends CommandName>(name: N, attempt: IdempotentAttempt, payload: JobPayload<N>): Promise<HttpAnswer> {
    const result = await this.rpc.call(name, { ...payload, requestAttempt: attempt.attempt }, {
      jobId: JOB_ID[name](attempt.transactionId, attempt.attempt),
      timeoutMs: this.config.COMMAND_WAIT_MS,
    });
    return answerOf(result as RpcResult<CommandReply>, attempt.transactionId);
  }
}

export function answerOf(result: RpcResult<CommandReply>, transactionId: string): HttpAnswer {
  if (result.status !== 'completed') return unansweredCommandAnswer(transactionId);
  const reply = result.value;
  if (reply.outcome === 'idempotent') throw new Error('an Idempotency-Key refusal reached answerOf: the caller handles it');
  if (reply.outcome === 'created') return createdAnswer(reply.transaction);
  // The status is decided here, from ERROR_CODES, and only here (a field `httpStatus` sent by an
  // older payments-core is not read).
  const { code, message, details, retryAfterSeconds } = reply.error;
  const error = new ApiError(code, message, details, undefined, retryAfterSeconds);
  if (FINAL_RETRYABLE.has(code)) return errorAnswer(error, 'new-transaction');
  // OPERATOR_ERROR (502), and anything else on our side: the transaction may still go through.
  if (error.httpStatus >= 500) return errorAnswer(error, 'same-transaction');
  return errorAnswer(error);
}
