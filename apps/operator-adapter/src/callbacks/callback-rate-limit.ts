import rateLimit from '@fastify/rate-limit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { ApiError, connectedWithin, failFastRedis, STARTUP_REDIS_WAIT_MS } from '@momo/platform';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { leasedCallbackStore } from './leased-callback-store';

/**
 * Callbacks per source address per minute, counted in Redis so every replica shares the count,
 * leased a few at a time (leased-callback-store.ts).
 * If Redis does not answer, callbacks go through (they are hints the reconciler can do without,
 * but dropping real ones would only slow merchants down). Beyond the budget: 429 with
 * Retry-After, in the error envelope.
 */
export async function limitCallbacksPerSource(app: NestFastifyApplication, config: OperatorAdapterConfig): Promise<void> {
  const redis = failFastRedis(config.REDIS_URL, { answerWithinMs: 500, offlineQueue: false });
  redis.on('error', () => undefined); // unreachable Redis: skipOnError lets callbacks through
  // Counted from the first callback: the adapter listens once the connection is up (or the wait is over).
  await connectedWithin(redis, STARTUP_REDIS_WAIT_MS);
  const trusted = (config.CALLBACK_TRUSTED_SOURCES ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('onClose', async () => redis.disconnect());
  await app.register(rateLimit, {
    global: true,
    max: config.CALLBACK_RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    store: leasedCallbackStore(redis, `${config.QUEUE_PREFIX}:callback-rate:`),
    skipOnError: true,
    allowList: trusted,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) =>
      new ApiError('RATE_LIMITED', 'Too many callbacks from this address; retry after Retry-After.', { limited_by: 'source' }, 429, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
