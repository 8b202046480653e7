import { Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { ServiceConfig } from '../config';
import { REDACTED_PATHS } from './redaction';

/** Structured JSON logs (pino) with secrets redacted; one line per HTTP request (health and metrics live on the management port, unlogged). */
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
