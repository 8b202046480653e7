import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { IsIn, IsString } from 'class-validator';
import { DataSource } from 'typeorm';
import { dataSourceOptions, ensureDatabase, runMigrations } from '@momo/data';
import { loadConfig } from '@momo/platform';
import { LocalStack, PAYMENT_SERVICES, PrivatePostgres, PrivateRedis, SeededMerchant, seedMerchant, ServiceName, stopGracefullyOn, testStackOptions, uniqueQueuePrefix, WORKSPACE_ROOT } from '@momo/testing';
import { MeteredProcesses, MeteredRoot, ownProcess, tree } from './cpu-meter';
import { experimentSettings } from './experiment-settings';
import { pinProcessTree } from './pinning';
import { seedHistory } from './seed-history';
import { describeSettling, untilQuiet } from './settle';

/** Our five services: the ones a replicas run scales out. The simulator plays the operators and stays one process. */
export const SCALED_SERVICES = ['api-gateway', 'payments-core', 'operator-adapter', 'reconciler', 'webhook-dispatcher'] as const satisfies readonly ServiceName[];

/**
 * How every process of the stack (and the bare yardstick servers) reaches the private Postgres
 * and Redis. Everything shares one host here, where a Unix socket costs both ends less CPU per
 * round trip than TCP over loopback (the sender of a loopback TCP write also runs the receiver's
 * side of TCP: docs/performance.md, step 25); `tcp` is how every earlier figure was measured.
 */
class BenchTransportConfig {
  @IsIn(['unix', 'tcp']) BENCH_TRANSPORT: 'unix' | 'tcp' = 'unix';
}

/**
 * For trying a setting or a Node.js flag on every service without a build of its own (the services
 * get no environment from the benchmark's: each is started with its settings alone).
 */
class BenchExperimentConfig {
  /** Settings for every service, as a JSON object of strings: `{"RPC_BATCHES_IN_FLIGHT":"1"}`. */
  @IsString() BENCH_SERVICE_SETTINGS = '';
  /** Node.js flags for every service, space-separated: `--single-threaded-gc`. */
  @IsString() BENCH_NODE_ARGS = '';
}

/** Where the settings of the stack's services (the ones a test stack starts) are declared: their own sources and the shared libraries'. */
function serviceSourceRoots(): string[] {
  const libs = readdirSync(join(WORKSPACE_ROOT, 'libs'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const roots = [...PAYMENT_SERVICES.map((service) => join(WORKSPACE_ROOT, 'apps', service, 'src')), ...libs.map((lib) => join(WORKSPACE_ROOT, 'libs', lib.name, 'src'))];
  return roots.filter((root) => existsSync(root));
}

export interface BenchStackOptions {
  webhookUrl?: string;
  /** Processes of each of our five services (default 1). */
  replicas?: number;
  /** Before the services start, pin the private Postgres and Redis to these CPUs (taskset list); the services are pinned as they start. */
  cpuList?: string;
  /** Postgres logs every statement of the services to its server log (bench:trips counts them). */
  logStatements?: boolean;
  /** pg_stat_statements in the services' database, planning tracked (bench:trips prints the costliest statements). */
  statementStats?: boolean;
  /** Past cash-ins to seed once the stack is up (seed-history.ts): tables of production size, not empty ones. */
  historyCashIns?: number;
  /** Extra Node.js flags for every service (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** Extra settings for every service (e.g. where to export traces). */
  serviceSettings?: Record<string, string>;
}

export interface BenchStack {
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  databaseUrl: string;
  dataSource: DataSource;
  stack: LocalStack;
  merchant: SeededMerchant;
  /** The stack's processes (every service replica, the private Postgres tree, the private Redis), plus `outside` ones. */
  metered(outside?: Record<string, MeteredRoot[]>): MeteredProcesses;
  /** How the wait for the stack to finish starting went (settle.ts), for the benchmark to print. */
  settled: string;
  /** The servers' settings that matter for money, as read from them. */
  describeServers(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The whole stack for a benchmark, on its own private Postgres and Redis (so their CPU can be
 * metered exactly: the postmaster with its backends, and one redis-server), every service a
 * process (logs under tmp/bench-logs), and a merchant whose budgets never limit the load. Postgres
 * runs as in production for money: synchronous_commit on, fsync and full-page writes on. Our own
 * throttles (rate limits, status-query pacing) are opened up: the benchmark measures the path,
 * not its brakes.
 */
export async function startBenchStack(name: string, options: BenchStackOptions = {}): Promise<BenchStack> {
  // Settings first: a bad one stops the run before any server starts.
  const overSockets = loadConfig(BenchTransportConfig).BENCH_TRANSPORT === 'unix';
  const experiment = loadConfig(BenchExperimentConfig);
  const experimentEnv = experimentSettings(experiment.BENCH_SERVICE_SETTINGS, serviceSourceRoots());
  const experimentFlags = experiment.BENCH_NODE_ARGS.split(/\s+/).filter(Boolean);
  if (Object.keys(experimentEnv).length > 0 || experimentFlags.length > 0) {
    console.log(`  experiment: every service with settings ${JSON.stringify(experimentEnv)} and Node.js flags [${experimentFlags.join(' ')}]`);
  }
  const postgres = await PrivatePostgres.start({ durable: true, maxConnections: 400, statementStats: options.statementStats });
  const redis = await PrivateRedis.start().catch(async (error: unknown) => {
    await postgres.stop();
    throw error;
  });
  let dataSource: DataSource | undefined;
  try {
    if (options.cpuList) {
      pinProcessTree(postgres.pid!, options.cpuList);
      pinProcessTree(redis.pid!, options.cpuList);
    }
    const databaseUrl = overSockets ? postgres.socketUrl('momo') : `${postgres.url}/momo`;
    await ensureDatabase(databaseUrl);
    await runMigrations(databaseUrl);
    dataSource = new DataSource(dataSourceOptions(databaseUrl, 5, 'bench'));
    await dataSource.initialize();
    if (options.statementStats) await dataSource.query(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
    // Only connections opened after this log: the services connect later.
    if (options.logStatements) {
      await dataSource.query(`ALTER SYSTEM SET log_line_prefix = '%m [%p] %q%u@%d '`);
      await dataSource.query(`SELECT pg_reload_conf()`);
      await dataSource.query(`ALTER DATABASE momo SET log_min_duration_statement = 0`);
    }
    const merchant = await seedMerchant(dataSource, { webhookUrl: options.webhookUrl ?? null, readsPerMinute: 10_000_000, writesPerMinute: 10_000_000 });
    const localReceiver: Record<string, string> = options.webhookUrl ? { WEBHOOK_ALLOW_LOCAL_DESTINATIONS: 'loopback' } : {};
    const queuePrefix = uniqueQueuePrefix(name);
    const replicas = options.replicas ?? 1;
    const stack = await LocalStack.start({
      ...testStackOptions(databaseUrl, queuePrefix, join(WORKSPACE_ROOT, 'tmp', 'bench-logs', queuePrefix), overSockets ? redis.socketUrl : redis.url),
      // Under taskset, a service starts (and JIT-compiles) on the stack's CPUs like the rest of it.
      ...(options.cpuList ? { launcher: ['taskset', '--cpu-list', options.cpuList] } : {}),
      nodeArgs: [...(options.nodeArgs ?? []), ...experimentFlags],
      replicas: Object.fromEntries(SCALED_SERVICES.map((service) => [service, replicas])),
      env: {
        '*': { LOG_LEVEL: 'warn', DATABASE_POOL_SIZE: '20', SIMULATOR_DATABASE_POOL_SIZE: '20', ...options.serviceSettings, ...experimentEnv },
        'operator-adapter': {
          MTN_TEST_REQUESTS_PER_SECOND: '100000',
          MTN_TEST_STATUS_QUERIES_PER_SECOND: '100000',
          AIRTEL_TEST_REQUESTS_PER_SECOND: '100000',
          AIRTEL_TEST_STATUS_QUERIES_PER_SECOND: '100000',
          CALLBACK_RATE_LIMIT_PER_MINUTE: '10000000',
        },
        // One app takes all the load: its lane (global across replicas) must not be what limits it.
        'webhook-dispatcher': { ...localReceiver, WEBHOOK_PER_APP_CONCURRENCY: '200' },
        'api-gateway': localReceiver,
      },
    });
    // After the start: the simulator creates its own tables.
    if (options.historyCashIns) await seedHistory(dataSource, merchant, options.historyCashIns);
    const ds = dataSource;
    const metered = (outside: Record<string, MeteredRoot[]> = {}): MeteredProcesses => {
      const services: Record<string, MeteredRoot[]> = {};
      for (const instance of stack.instances) {
        const label = stack.replicas(instance.service) > 1 ? `${instance.service} ×${stack.replicas(instance.service)}` : instance.service;
        (services[label] ??= []).push(ownProcess(() => instance.pid));
      }
      return { stack: { postgres: [tree(() => postgres.pid)], redis: [ownProcess(() => redis.pid)], ...services }, outside };
    };
    const stop = async () => {
      standDown();
      await stack.stop();
      await ds.destroy();
      await Promise.allSettled([postgres.stop(), redis.stop()]);
    };
    // pg_ctl starts Postgres detached: on Ctrl-C, stop it and its data directory with the rest.
    const standDown = stopGracefullyOn(() => stop().finally(() => process.exit(130)));
    const settled = describeSettling(await untilQuiet(metered()));
    return {
      postgres,
      redis,
      databaseUrl,
      dataSource: ds,
      stack,
      merchant,
      metered,
      settled,
      describeServers: async () => {
        const rows: { name: string; setting: string; unit: string | null }[] = await ds.query(
          `SELECT name, setting, unit FROM pg_settings WHERE name IN ('synchronous_commit', 'fsync', 'full_page_writes', 'shared_buffers', 'max_connections') ORDER BY name`,
        );
        const settings = rows.map((r) => `${r.name}=${r.name === 'shared_buffers' ? `${(Number(r.setting) * 8) / 1024}MB` : r.setting}`).join(', ');
        const reached = overSockets ? 'through their Unix sockets (BENCH_TRANSPORT=unix)' : 'over TCP on loopback (BENCH_TRANSPORT=tcp)';
        // The services run on this process's Node.js: `npm run bench:…` gives the project's, a bare `node` may not.
        return `services on Node.js ${process.version}; private Postgres :${postgres.port} (${settings}); private Redis :${redis.port} (no persistence, as the machine's own); reached ${reached}`;
      },
      stop,
    };
  } catch (error) {
    await dataSource?.destroy().catch(() => undefined);
    await Promise.allSettled([postgres.stop(), redis.stop()]);
    throw error;
  }
}
