import { Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { ServiceConfig } from '../config';
import { acceptedRequestId, currentRequestId, currentTraceId, tracingEnabled } from '../tracing';
import { REDACTED_PATHS } from './redaction';

/**
 * Structured JSON logs (pino) with secrets redacted; one line per HTTP request (health and metrics
 * live on the management port, unlogged). Every line written inside a request or a job carries
 * its `requestId` (and the `traceId` while tracing), whoever writes it.
 */
@Global()
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [ServiceConfig],
      useFactory: (config: ServiceConfig) => ({
        pinoHttp: {
          level: config.LOG_LEVEL,
          redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
          transport: config.LOG_PRETTY === 'true' ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
          // runService's onRequest hook has already chosen the id (from X-Request-Id or new).
          genReqId: (req) => (req as { id?: string }).id ?? acceptedRequestId(undefined),
          mixin: () => {
            const requestId = currentRequestId();
            if (!requestId) return {};
            if (!tracingEnabled()) return { requestId };
            return { requestId, traceId: currentTraceId() };
          },
          customProps: () => ({}),
          serializers: {
            req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
          },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
