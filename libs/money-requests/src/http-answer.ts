import type { FastifyReply } from 'fastify';
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

export function errorAnswer(error: ApiError, retry?: HttpAnswer['retry']): HttpAnswer {
  return { status: error.httpStatus, body: JSON.stringify(errorEnvelope(error)), retryAfterSeconds: error.retryAfterSeconds, retry };
}

export function send(reply: FastifyReply, answer: HttpAnswer, headers: Record<string, string> = {}): FastifyReply {
  if (answer.retryAfterSeconds !== undefined) reply.header('Retry-After', String(answer.retryAfterSeconds));
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.status(answer.status).type('application/json; charset=utf-8').send(answer.body);
}
