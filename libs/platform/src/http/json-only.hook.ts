import type { FastifyInstance } from 'fastify';
import { ApiError, errorEnvelope } from '../errors';

/**
 * Request bodies are JSON only. Anything else (forms, text) is refused with 415 before it is
 * parsed, so it never reaches validation as something it is not.
 */
export function acceptJsonBodiesOnly(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    const length = request.headers['content-length'];
    const hasBody = (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return;
    const type = String(request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type === 'application/json') return;
    const error = ApiError.of('UNSUPPORTED_MEDIA_TYPE');
    return reply.status(error.httpStatus).send(errorEnvelope(error));
  });
}
