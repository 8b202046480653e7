import { Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { ServiceConfig } from '../config';
import { acceptedRequestId, currentRequestId, currentTraceId, tracingEnabled } from '../tracing';
import { maskPhoneNumbers, serializeErrorForLog } from './personal-data';
import { PHONE_NUMBER_PATHS, REDACTED_PATHS } from './redaction';

/** pino's `*.key` matches one level down only; the same keys at the top of a log object too. */
const ALL_REDACTED_PATHS = [...new Set([...REDACTED_PATHS, ...REDACTED_PATHS.filter((p) => p.startsWith('*.')).map((p) => p.slice(2))])];

const PHONE_NUMBER_KEYS = new Set(PHONE_NUMBER_PATHS.map((path) => path.split('.').pop()));

/**
 * pino's settings for every service: secrets replaced by "[redacted]", wallet numbers masked
 * wherever they are logged as values (`msisdn`, MTN's `partyId`…) or inside error text, and
 * database errors logged without their bound parameters.
 */
export function pinoHttpOptions(config: Pick<ServiceConfig, 'LOG_LEVEL' | 'LOG_PRETTY'>): PinoHttpOptions {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [...ALL_REDACTED_PATHS, ...PHONE_NUMBER_PATHS],
      censor: (value: unknown, path: string[]) =>
        PHONE_NUMBER_KEYS.has(path[path.length - 1]) && typeof value === 'string' ? maskPhoneNumbers(value) : '[redacted]',
    },
    transport: config.LOG_PRETTY === 'true' ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
    // runService's onRequest hook has already chosen the id (the caller's X-Request-Id, or a new one).
    genReqId: (req) => (req as { id?: string }).id ?? acceptedRequestId(undefined),
    // Every line written inside a request or a job carries its request id (and trace id while tracing), whoever writes it.
    mixin: () => {
      const requestId = currentRequestId();
      if (!requestId) return {};
      if (!tracingEnabled()) return { requestId };
      return { requestId, traceId: currentTraceId() };
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: maskPhoneNumbers(req.url) }),
      err: (error: unknown) => serializeErrorForLog(error),
    },
  };
}

/**
 * Structured JSON logs (pino); one line per HTTP request (health and metrics live on the
 * management port, unlogged). nestjs-pino's request middleware is applied to no route:
 * `logEveryRequest` (request-logging.ts, installed by the service bootstrap) binds each request's
 * logger lazily and writes its access line.
 */
@Global()
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [ServiceConfig],
      useFactory: (config: ServiceConfig) => ({ pinoHttp: pinoHttpOptions(config), forRoutes: [] }),
    }),
  ],
})
export class LoggingModule {}
