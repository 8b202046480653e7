import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../ports';
import { stopAtExit } from '../stop-at-exit';
import { childEnvironment } from './child-environment';
import { waitFor } from '../wait';
import { DEFAULT_MANAGEMENT_PORTS, DEFAULT_PORTS, SERVICE_NODE_FLAGS, SERVICES, ServiceName, serviceEntryPoint } from './services';

export interface LocalStackOptions {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  apiKeyPepper: string;
  secretsEncryptionKey: string;
  /** Fixed development ports, or free ones chosen per run (tests). Replicas after the first always get free ones. */
  ports?: 'default' | 'free';
  /** Extra environment per service, or for all ('*'). */
  env?: Partial<Record<ServiceName | '*', Record<string, string>>>;
  /** Where each service's output goes: a log file per service (tests), or prefixed to ours (development). */
  output: { kind: 'files'; directory: string } | { kind: 'console' };
  services?: readonly ServiceName[];
  /** Extra Node.js flags for every service, e.g. `--cpu-prof` to profile a benchmark run. */
  nodeArgs?: string[];
  /**
   * Processes per service (default 1), each with its own ports, as a deployment scales out. Every
   * replica shares the database and the queues; other services are pointed at the first one.
   */
  replicas?: Partial<Record<ServiceName, number>>;
  /**
   * A command that runs each service process, e.g. `['taskset', '--cpu-list', '0']` to pin the
   * stack to one core. It must exec the service (keep its process id): the stack signals it.
   */
  launcher?: string[];
}

/** One running process of a service: `replica` counts from 0. */
export interface ServiceInstance {
  service: ServiceName;
  replica: number;
  /** `payments-core`, then `payments-core#2`, … */
  name: string;
  pid: number | undefined;
}

interface Running {
  service: ServiceName;
  replica: number;
  process: ChildProcess;
  exited: Promise<number | null>;
}

interface ReplicaPorts {
  port: number;
  managementPort: number;
}

/**
 * Runs the system as real, separate processes from the compiled services: what `npm start` shows
 * a developer and what end-to-end tests drive. Each service is configured only by environment.
 * A service may run as several replicas (benchmarks); methods that take a service act on all of
 * its replicas unless given one.
 */
export class LocalStack {
  private readonly running = new Map<string, Running>();

  private constructor(
    private readonly options: LocalStackOptions,
    /** The first replica's public port per service. */
    readonly ports: Record<ServiceName, number>,
    /** The first replica's management port per service. */
    readonly managementPorts: Record<ServiceName, number>,
    private readonly extraReplicas: Record<ServiceName, ReplicaPorts[]>,
  ) {}

  static async start(options: LocalStackOptions): Promise<LocalStack> {
    const ports = { ...DEFAULT_PORTS };
    const managementPorts = { ...DEFAULT_MANAGEMENT_PORTS };
    const extraReplicas = Object.fromEntries(SERVICES.map((service) => [service, [] as ReplicaPorts[]])) as Record<ServiceName, ReplicaPorts[]>;
    for (const service of SERVICES) {
      if (options.ports === 'free') {
        ports[service] = await freePort();
        managementPorts[service] = await freePort();
      }
      for (let replica = 1; replica < (options.replicas?.[service] ?? 1); replica++) {
        extraReplicas[service].push({ port: await freePort(), managementPort: await freePort() });
      }
    }
    const stack = new LocalStack(options, ports, managementPorts, extraReplicas);
    // All at once, as a deployment's pods start: no service needs another to become ready (only
    // Postgres and Redis), and booting is CPU-bound, so starting them together uses every core.
    const started = await Promise.allSettled((options.services ?? SERVICES).map((service) => stack.startService(service)));
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) {
      await stack.stop();
      throw failed.reason;
    }
    return stack;
  }

  /** How many processes the service runs as. */
  replicas(service: ServiceName): number {
    return 1 + this.extraReplicas[service].length;
  }

  /** The service's public port: the merchant API, operator callbacks, the simulator's operator APIs. */
  url(service: ServiceName, replica = 0): string {
    return `http://127.0.0.1:${this.portsOf(service, replica).port}`;
  }

  /** The public URL of every replica of the service (a load generator spreads its load over them). */
  urls(service: ServiceName): string[] {
    return Array.from({ length: this.replicas(service) }, (_, replica) => this.url(service, replica));
  }

  /** The service's management port: `/health/live`, `/health/ready`, `/metrics`. */
  managementUrl(service: ServiceName, replica = 0): string {
    return `http://127.0.0.1:${this.portsOf(service, replica).managementPort}`;
  }

  /** The services this stack has running (each once, however many replicas). */
  get services(): ServiceName[] {
    return [...new Set([...this.running.values()].map((r) => r.service))];
  }

  /** Every running process, replicas included. */
  get instances(): ServiceInstance[] {
    return [...this.running.entries()].map(([name, r]) => ({ service: r.service, replica: r.replica, name, pid: r.process.pid }));
  }

  /** The process id of a running service (benchmarks read its CPU time). */
  pid(service: ServiceName, replica = 0): number | undefined {
    return this.running.get(instanceName(service, replica))?.process.pid;
  }

  logFile(service: ServiceName, replica = 0): string | undefined {
    return this.options.output.kind === 'files' ? join(this.options.output.directory, `${replica === 0 ? service : `${service}.${replica + 1}`}.log`) : undefined;
  }

  environment(service: ServiceName, replica = 0): Record<string, string> {
    const o = this.options;
    const own = this.portsOf(service, replica);
    return {
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(own.port),
      MANAGEMENT_PORT: String(own.managementPort),
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

  /** Starts one replica of a service, or every replica not running, and waits until each reports ready. */
  async startService(service: ServiceName, replica?: number): Promise<void> {
    if (replica !== undefined) return this.startReplica(service, replica);
    for (let r = 0; r < this.replicas(service); r++) if (!this.running.has(instanceName(service, r))) await this.startReplica(service, r);
  }

  /** kill -9 (or another signal) one replica of a service, or all of them, as a crash would. */
  async kill(service: ServiceName, signal: NodeJS.Signals = 'SIGKILL', replica?: number): Promise<void> {
    const targets = [...this.running.entries()].filter(([, r]) => r.service === service && (replica === undefined || r.replica === replica));
    await Promise.all(
      targets.map(async ([name, running]) => {
        running.process.ref(); // unref'd while it runs: waiting for its exit must hold this process open
        running.process.kill(signal);
        await running.exited;
        this.running.delete(name);
      }),
    );
  }

  async restart(service: ServiceName, replica?: number): Promise<void> {
    await this.kill(service, 'SIGKILL', replica);
    await this.startService(service, replica);
  }

  /** Graceful stop of everything (SIGTERM, then SIGKILL after a grace period). */
  async stop(graceMs = 10_000): Promise<void> {
    const all = [...this.running.entries()].reverse();
    await Promise.all(
      all.map(async ([name, { process: child, exited }]) => {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
        this.running.delete(name);
      }),
    );
  }

  private portsOf(service: ServiceName, replica: number): ReplicaPorts {
    if (replica === 0) return { port: this.ports[service], managementPort: this.managementPorts[service] };
    const ports = this.extraReplicas[service][replica - 1];
    if (!ports) throw new Error(`${service} has no replica ${replica + 1} (it runs ${this.replicas(service)})`);
    return ports;
  }

  private async startReplica(service: ServiceName, replica: number): Promise<void> {
    const name = instanceName(service, replica);
    const entry = serviceEntryPoint(service);
    if (!existsSync(entry)) throw new Error(`${entry} is missing: build first (npx nx run-many -t build)`);
    const logFd = this.openLog(service, replica);
    const [program, ...launcherArgs] = [...(this.options.launcher ?? []), process.execPath];
    const child = spawn(program, [...launcherArgs, ...SERVICE_NODE_FLAGS, ...(this.options.nodeArgs ?? []), entry], {
      env: childEnvironment(this.environment(service, replica)),
      // Log files are handed to the child directly: no pipe keeps this process (or jest) alive.
      stdio: logFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
    });
    if (logFd !== undefined) closeSync(logFd);
    // No service may outlive the process that started it.
    const forgetAtExit = stopAtExit(() => child.kill('SIGKILL'));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        forgetAtExit();
        resolve(code);
      }),
    );
    this.running.set(name, { service, replica, process: child, exited });
    if (logFd === undefined) this.prefixOutput(name, child);
    else child.unref();
    const seeLog = this.seeLog(service, replica);
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}${seeLog}`);
        const res = await fetch(`${this.managementUrl(service, replica)}/health/ready`).catch(() => undefined);
        return res?.ok ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 100, what: `${name} to become ready${seeLog}` },
    ).catch((error: Error) => {
      // An exit is final: surface it instead of the generic timeout.
      throw child.exitCode !== null ? new Error(`${name} exited with code ${child.exitCode}${seeLog}`) : error;
    });
  }

  private openLog(service: ServiceName, replica: number): number | undefined {
    const file = this.logFile(service, replica);
    if (file === undefined || this.options.output.kind !== 'files') return undefined;
    mkdirSync(this.options.output.directory, { recursive: true });
    return openSync(file, 'a');
  }

  private prefixOutput(name: string, child: ChildProcess): void {
    const label = name.padEnd(18);
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

  private seeLog(service: ServiceName, replica: number): string {
    const file = this.logFile(service, replica);
    return file ? ` (see ${file})` : '';
  }
}

function instanceName(service: ServiceName, replica: number): string {
  return replica === 0 ? service : `${service}#${replica + 1}`;
}
