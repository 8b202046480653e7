import type { FastifyReply } from 'fastify';
import type { TransactionView } from '@momo/contracts';
import { ApiError, errorEnvelope } from '@momo/platform';

/**
 * A complete HTTP answer as bytes, so an idempotent replay can send exactly what the first
 * request got. `retry` marks answers that must not be replayed: the merchant is told to retry
 * them, so the retry has to run again (with the same transaction id, or a new one when the
 * first transaction is final).
 */
export interface HttpAnswer {
  status: number;
  body: string;
  retryAfterSeconds?: number;
  retry?: 'same-transaction' | 'new-transaction';
}

export function successAnswer(status: number, payload: unknown): HttpAnswer {
  return { status, body: JSON.stringify(payload) };
}

/**
 * The 201 of a command that created (or found) its transaction. payments-core stores it for a keyed
 * cash in and the gateway sends it, each from the same reply: the same bytes on both sides.
 */
export function createdAnswer(transaction: TransactionView): HttpAnswer {
  return successAnswer(201, { success: true, data: transaction });
}

export function errorAnswer(error: ApiError, retry?: HttpAnswer['retry']): HttpAnswer {
  return { status: error.httpStatus, body: JSON.stringify(errorEnvelope(error)), retryAfterSeconds: error.retryAfterSeconds, retry };
}

export function send(reply: FastifyReply, answer: HttpAnswer, headers: Record<string, string> = {}): FastifyReply {
  if (answer.retryAfterSeconds !== undefined) reply.header('Retry-After', String(answer.retryAfterSeconds));
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

/**
 * A command that did not answer in time: we cannot tell whether the transaction was created. The
 * merchant retries with the same Idempotency-Key (which reuses this transaction id) or looks it up by id.
 */
export function unansweredCommandAnswer(transactionId: string): HttpAnswer {
  return errorAnswer(new ApiError('SERVICE_UNAVAILABLE', undefined, { transaction_id: transactionId }, 503, 2), 'same-transaction');
}
