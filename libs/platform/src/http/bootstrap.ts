import { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import { Logger, PinoLogger } from 'nestjs-pino';
import { ConfigClass, ConfigError, loadConfig, ServiceConfig } from '../config';
import { ApiError, errorEnvelope, ErrorEnvelopeFilter, translateFrameworkError } from '../errors';
import { logEveryRequest, RequestLogOptions } from '../logging';
import { ManagementServer, serveManagement } from '../management';
import { measureHttpRequests } from './http-metrics';
import { answerClientError } from './client-errors';
import { RouteTable } from './route-table';
import { acceptedRequestId, REQUEST_ID_HEADER, runWithRequestId, startTracing, stopTracing } from '../tracing';

export interface ServiceOptions<C> {
  /** Largest accepted request body, in bytes. */
  bodyLimit?: (config: C) => number;
  /** Which requests get an access line (all by default). */
  requestLog?: RequestLogOptions;
  /** Extra setup on the Fastify app before it listens (pipes, content-type parsers, hooks). */
  configure?: (app: NestFastifyApplication, config: C) => void | Promise<void>;
}

/**
 * What a service is, apart from the process it runs in: its name, its config, its root module and
 * its HTTP setup. `main.ts` runs it as a process; the test harness (libs/testing) boots the same
 * definition in a test's own process.
 */
export interface ServiceDefinition<C extends ServiceConfig> {
  name: string;
  configClass: ConfigClass<C>;
  rootModule: (config: C) => DynamicModule;
  options?: ServiceOptions<C>;
}

/**
 * Starts one service as its own process: validate config (exit 1 naming the bad settings),
 * build the Nest app on Fastify, JSON logs, error envelope, health and metrics on the management
 * port, graceful shutdown on SIGTERM/SIGINT.
 */
export async function runService<C extends ServiceConfig>(service: ServiceDefinition<C>): Promise<INestApplication> {
  const { name, configClass } = service;
  let config: C;
  try {
    config = loadConfig(configClass);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${name}: cannot start. ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (config.MANAGEMENT_PORT !== 0 && config.MANAGEMENT_PORT === config.PORT) {
    process.stderr.write(`${name}: cannot start. Invalid configuration:\n  - MANAGEMENT_PORT: must differ from PORT\n`);
    process.exit(1);
  }
  // Before the app is built: instrumentation has to be in place when `pg` is first loaded.
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) startTracing({ serviceName: name, endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const app = await buildServiceApp(service, config);
  await app.listen(config.PORT, config.HOST);
  // Health and metrics only once the public port is up, so readiness never runs ahead of it.
  const management = await serveManagement(app, config.MANAGEMENT_PORT, config.HOST);
  stopGracefullyOnSignals(app, management, name, config.SHUTDOWN_GRACE_MS);
  app.get(Logger).log(`${name} listening on ${config.HOST}:${config.PORT} (management ${config.HOST}:${management.port})`);
  return app;
}

/**
 * The service's Nest app on Fastify, as it serves in production (request ids, JSON logs, the error
 * envelope, HTTP metrics, the service's own setup), not yet listening.
 */
export async function buildServiceApp<C extends ServiceConfig>(service: ServiceDefinition<C>, config: C): Promise<NestFastifyApplication> {
  const { options = {} } = service;
  const adapter = new FastifyAdapter({
      bodyLimit: options.bodyLimit?.(config) ?? 1024 * 1024,
      trustProxy: config.TRUSTED_PROXIES === 'none' ? false : config.TRUSTED_PROXIES.split(',').map((p) => p.trim()).filter(Boolean),
      clientErrorHandler: answerClientError,
      // Fastify's own request id is the request id (otherwise `req.id` in request logs is its
      // counter, `req-1`, beside the real one).
      genReqId: (raw: IncomingMessage) => acceptedRequestId(raw.headers[REQUEST_ID_HEADER]),
      routerOptions: { ignoreTrailingSlash: true },
      // Errors Fastify's router raises before any route runs (bad percent-encoding, overlong
      // path parameters) get the same envelope as everything else.
      frameworkErrors: (error: Error, _request: unknown, reply: FastifyReply) => {
        const apiError = translateFrameworkError(error) ?? new ApiError('INVALID_URL');
        void reply.status(apiError.httpStatus).send(errorEnvelope(apiError));
      },
    });
  identifyEveryRequest(adapter);
  // PinoLogger.root is set when the logging module starts, before the first request.
  logEveryRequest(adapter.getInstance(), () => PinoLogger.root, options.requestLog);
  const app = await NestFactory.create<NestFastifyApplication>(service.rootModule(config), adapter, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  const routes = new RouteTable();
  routes.attachTo(app.getHttpAdapter().getInstance());
  app.useGlobalFilters(new ErrorEnvelopeFilter((url) => routes.allowedMethods(url)));
  measureHttpRequests(app.getHttpAdapter().getInstance());
  await options.configure?.(app, config);
  return app;
}

/**
 * Every request gets an id (Fastify's `genReqId`, above): the caller's `X-Request-Id` when it is
 * well formed, else a new one. It is answered in the response header and is current for
 * everything the request causes (log lines, jobs, operator calls). Registered before Nest's own
 * hooks, so the request logger sees it too.
 */
function identifyEveryRequest(adapter: FastifyAdapter): void {
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestId({ requestId: request.id }, done);
  });
}

/**
 * SIGTERM/SIGINT: stop taking requests and jobs, let what is in flight finish, close the
 * connections, exit. Requests still open after the grace period (a client holding a keep-alive
 * connection, a stuck peer) are cut rather than holding the process up forever; whatever they
 * were doing is recoverable by design (idempotent retries, the reconciler).
 */
function stopGracefullyOnSignals(app: NestFastifyApplication, management: ManagementServer, name: string, graceMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const logger = app.get(Logger);
    logger.log(`${name}: ${signal} received, stopping`);
    management.markStopping();
    const server = app.getHttpServer() as import('node:http').Server;
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    const giveUp = setTimeout(() => {
      process.stderr.write(`${name}: did not stop within ${2 * graceMs} ms; exiting anyway\n`);
      process.exit(1);
    }, 2 * graceMs);
    giveUp.unref();
    app
      .close()
      .then(() => management.close())
      .then(() => stopTracing())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`${name}: error while stopping: ${(error as Error).message}\n`);
        process.exit(1);
      })
      .finally(() => clearTimeout(cut));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
