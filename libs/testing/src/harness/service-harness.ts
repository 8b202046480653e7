import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildServiceApp, loadConfig, ServiceConfig, ServiceDefinition } from '@momo/platform';
import { TEST_API_KEY_PEPPER, TEST_SECRETS_KEY } from '../factories/merchant.factory';
import { ApiCallOptions, ApiResponse, callApi } from '../http-call';
import { freePort } from '../ports';
import { deleteQueueKeys, TEST_REDIS_URL, uniqueQueuePrefix } from '../redis';
import { LocalStack, LocalStackOptions } from '../stack/local-stack';
import { ServiceName, WORKSPACE_ROOT } from '../stack/services';
import { testStackOptions } from '../stack/test-stack-options';
import { createTestDatabase, TestDatabase } from '../test-database';
import { QueuesQuietOptions, waitForAllJobsToFinish } from './queues-quiet';

/** A service booted in the test's own process. */
export interface BootedService<C extends ServiceConfig> {
  name: string;
  app: NestFastifyApplication;
  config: C;
  /** Its public HTTP address. */
  url: string;
  /** Calls its HTTP API (no key unless given). */
  api<T = Record<string, unknown>>(method: string, path: string, options?: ApiCallOptions): Promise<ApiResponse<T>>;
}

/**
 * Services in a test's own process, as they run in production (their service definition: root
 * module, HTTP setup, error envelope), on real Postgres and Redis: one fresh database and one queue
 * prefix per harness, shared by every service it boots, so they talk to each other as deployed.
 * Config comes from the harness's environment plus the test's overrides; a test that wants a
 * chosen module set boots a definition with its own `rootModule`.
 *
 * Apps may not import each other, so a service's test gets the others it needs as real processes
 * from dist/ (`startProcesses`, build first), on the same database and prefix.
 */
export class ServiceHarness {
  private readonly booted: { name: string; app: NestFastifyApplication }[] = [];
  private processes?: LocalStack;

  private constructor(
    readonly db: TestDatabase,
    readonly queuePrefix: string,
  ) {}

  /** A fresh database (cloned from the migrated template) and a queue prefix of its own, labelled `label`. */
  static async start(label = 'svc'): Promise<ServiceHarness> {
    return new ServiceHarness(await createTestDatabase(), uniqueQueuePrefix(label));
  }

  /** What every service booted here is configured with before the test's own settings. */
  get environment(): Record<string, string> {
    return {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATABASE_URL: this.db.url,
      // Small pools: several test files share one Postgres (100 connections).
      DATABASE_POOL_SIZE: '3',
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: this.queuePrefix,
      API_KEY_PEPPER: TEST_API_KEY_PEPPER,
      SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
    };
  }

  /** Boots `service` here and starts it listening (on a free port unless `env` names PORT). */
  async boot<C extends ServiceConfig>(service: ServiceDefinition<C>, env: Record<string, string> = {}): Promise<BootedService<C>> {
    const config = loadConfig(service.configClass, { ...this.environment, PORT: String(await freePort()), ...env });
    const app = await buildServiceApp(service, config);
    this.booted.push({ name: service.name, app });
    await app.listen(config.PORT, config.HOST);
    const url = `http://${config.HOST}:${config.PORT}`;
    return { name: service.name, app, config, url, api: (method, path, options) => callApi(url, method, path, options) };
  }

  /**
   * The other services a test needs, as real processes from dist/ on this harness's database and
   * queue prefix (logs in tmp/int-logs/). Call once; `stop` stops them.
   */
  async startProcesses(services: readonly ServiceName[], env: LocalStackOptions['env'] = {}): Promise<LocalStack> {
    if (this.processes) throw new Error('startProcesses was already called on this harness');
    const options = testStackOptions(this.db.url, this.queuePrefix, join(WORKSPACE_ROOT, 'tmp', 'int-logs', this.queuePrefix));
    this.processes = await LocalStack.start({
      ...options,
      services,
      env: { ...env, '*': { LOG_LEVEL: 'info', DATABASE_POOL_SIZE: '3', SIMULATOR_DATABASE_POOL_SIZE: '3', ...env['*'] } },
    });
    return this.processes;
  }

  /** Waits until the queues under this harness's prefix are quiet (see `waitForAllJobsToFinish`). */
  waitForAllJobsToFinish(options: QueuesQuietOptions = {}): Promise<void> {
    return waitForAllJobsToFinish(this.queuePrefix, options);
  }

  /** Closes the services (last booted first) and the processes, drops the database and removes the queue keys. */
  async stop(): Promise<void> {
    const problems: unknown[] = [];
    const attempt = async (step: () => Promise<unknown>) => {
      try {
        await step();
      } catch (error) {
        problems.push(error);
      }
    };
    for (const { app } of this.booted.splice(0).reverse()) await attempt(() => app.close());
    if (this.processes) await attempt(() => this.processes!.stop());
    await attempt(() => this.db.drop());
    await attempt(() => deleteQueueKeys(this.queuePrefix));
    if (problems.length > 0) throw problems[0];
  }
}
