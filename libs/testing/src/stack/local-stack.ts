import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../ports';
import { childEnvironment } from './child-environment';
import { waitFor } from '../wait';
import { DEFAULT_MANAGEMENT_PORTS, DEFAULT_PORTS, SERVICES, ServiceName, serviceEntryPoint } from './services';

export interface LocalStackOptions {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  apiKeyPepper: string;
  secretsEncryptionKey: string;
  /** Fixed development ports, or free ones chosen per run (tests). */
  ports?: 'default' | 'free';
  /** Extra environment per service, or for all ('*'). */
  env?: Partial<Record<ServiceName | '*', Record<string, string>>>;
  /** Where each service's output goes: a log file per service (tests), or prefixed to ours (development). */
  output: { kind: 'files'; directory: string } | { kind: 'console' };
  services?: readonly ServiceName[];
  /** Extra Node.js flags for every service, e.g. `--cpu-prof` to profile a benchmark run. */
  nodeArgs?: string[];
}

interface Running {
  process: ChildProcess;
  exited: Promise<number | null>;
}

/** Every service process any stack started; none may outlive the process that started it. */
const allChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of allChildren) child.kill('SIGKILL');
});

/**
 * Runs the system as real, separate processes from the compiled services: what `npm start` shows
 * a developer and what end-to-end tests drive. Each service is configured only by environment.
 */
export class LocalStack {
  private readonly running = new Map<ServiceName, Running>();

  private constructor(
    private readonly options: LocalStackOptions,
    readonly ports: Record<ServiceName, number>,
    readonly managementPorts: Record<ServiceName, number>,
  ) {}

  static async start(options: LocalStackOptions): Promise<LocalStack> {
    const ports = { ...DEFAULT_PORTS };
    const managementPorts = { ...DEFAULT_MANAGEMENT_PORTS };
    if (options.ports === 'free') {
      for (const service of SERVICES) {
        ports[service] = await freePort();
        managementPorts[service] = await freePort();
      }
    }
    const stack = new LocalStack(options, ports, managementPorts);
    try {
      for (const service of options.services ?? SERVICES) await stack.startService(service);
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /** The service's public port: the merchant API, operator callbacks, the simulator's operator APIs. */
  url(service: ServiceName): string {
    return `http://127.0.0.1:${this.ports[service]}`;
  }

  /** The service's management port: `/health/live`, `/health/ready`, `/metrics`. */
  managementUrl(service: ServiceName): string {
    return `http://127.0.0.1:${this.managementPorts[service]}`;
  }

  /** The services this stack has running. */
  get services(): ServiceName[] {
    return [...this.running.keys()];
  }

  /** The process id of a running service (benchmarks read its CPU time). */
  pid(service: ServiceName): number | undefined {
    return this.running.get(service)?.process.pid;
  }

  logFile(service: ServiceName): string | undefined {
    return this.options.output.kind === 'files' ? join(this.options.output.directory, `${service}.log`) : undefined;
  }

  environment(service: ServiceName): Record<string, string> {
    const o = this.options;
    return {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(this.ports[service]),
      MANAGEMENT_PORT: String(this.managementPorts[service]),
      DATABASE_URL: o.databaseUrl,
      DATABASE_POOL_SIZE: '10',
      REDIS_URL: o.redisUrl,
      QUEUE_PREFIX: o.queuePrefix,
      API_KEY_PEPPER: o.apiKeyPepper,
      SECRETS_ENCRYPTION_KEY: o.secretsEncryptionKey,
      CALLBACK_BASE_URL: this.url('operator-adapter'),
      MTN_TEST_BASE_URL: `${this.url('operator-simulator')}/mtn`,
      AIRTEL_TEST_BASE_URL: `${this.url('operator-simulator')}/airtel`,
      AIRTEL_CALLBACK_URL: `${this.url('operator-adapter')}/callbacks/airtel`,
      // The simulated operators keep their own books in their own schema of the same database.
      SIMULATOR_DATABASE_URL: o.databaseUrl,
      // The console reads breakers and invariants where the services publish them.
      OPERATOR_ADAPTER_METRICS_URL: `${this.managementUrl('operator-adapter')}/metrics`,
      RECONCILER_METRICS_URL: `${this.managementUrl('reconciler')}/metrics`,
      ...(o.env?.['*'] ?? {}),
      ...(o.env?.[service] ?? {}),
    };
  }

  /** Starts one service and waits until it reports ready. */
  async startService(service: ServiceName): Promise<void> {
    const entry = serviceEntryPoint(service);
    if (!existsSync(entry)) throw new Error(`${entry} is missing: build first (npx nx run-many -t build)`);
    const logFd = this.openLog(service);
    const child = spawn(process.execPath, ['--enable-source-maps', ...(this.options.nodeArgs ?? []), entry], {
      env: childEnvironment(this.environment(service)),
      // Log files are handed to the child directly: no pipe keeps this process (or jest) alive.
      stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
    });
    if (logFd !== undefined) closeSync(logFd);
    allChildren.add(child);
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        allChildren.delete(child);
        resolve(code);
      }),
    );
    this.running.set(service, { process: child, exited });
    if (logFd === undefined) this.prefixOutput(service, child);
    else child.unref();
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`${service} exited with code ${child.exitCode}${this.seeLog(service)}`);
        const res = await fetch(`${this.managementUrl(service)}/health/ready`).catch(() => undefined);
        return res?.ok ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: `${service} to become ready${this.seeLog(service)}` },
    ).catch((error: Error) => {
      // An exit is final: surface it instead of the generic timeout.
      throw child.exitCode !== null ? new Error(`${service} exited with code ${child.exitCode}${this.seeLog(service)}`) : error;
    });
  }

  /** kill -9 (or another signal) one service, as a crash would. */
  async kill(service: ServiceName, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const running = this.running.get(service);
    if (!running) return;
    running.process.kill(signal);
    await running.exited;
    this.running.delete(service);
  }

  async restart(service: ServiceName): Promise<void> {
    await this.kill(service, 'SIGKILL');
    await this.startService(service);
  }

  /** Graceful stop of everything (SIGTERM, then SIGKILL after a grace period). */
  async stop(graceMs = 10_000): Promise<void> {
    const all = [...this.running.entries()].reverse();
    await Promise.all(
      all.map(async ([service, { process: child, exited }]) => {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
        this.running.delete(service);
      }),
    );
  }

  private openLog(service: ServiceName): number | undefined {
    const output = this.options.output;
    if (output.kind !== 'files') return undefined;
    mkdirSync(output.directory, { recursive: true });
    return openSync(join(output.directory, `${service}.log`), 'a');
  }

  private prefixOutput(service: ServiceName, child: ChildProcess): void {
    const label = service.padEnd(18);
    for (const source of [child.stdout, child.stderr]) {
      let buffered = '';
      source?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${label} | ${line}\n`);
      });
    }
  }

  private seeLog(service: ServiceName): string {
    const file = this.logFile(service);
    return file ? ` (see ${file})` : '';
  }
}
