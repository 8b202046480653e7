import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { freePort } from './ports';
import { stopAtExit } from './stop-at-exit';
import { waitFor } from './wait';

export interface PrivatePostgresOptions {
  /**
   * fsync and full-page writes on, as in production (benchmarks: what a commit costs is part of
   * the measure). Off by default: fault tests crash the process, never the OS, so nothing the OS
   * already has is lost, and they run faster.
   */
  durable?: boolean;
  /** Connection limit (default 300: every service's pool, replicas included). */
  maxConnections?: number;
  /**
   * Loads pg_stat_statements with planning tracked (a benchmark reads where Postgres spends its
   * time, planning apart from execution). The extension itself is created per database.
   */
  statementStats?: boolean;
}

/**
 * Private Postgres and Redis servers for fault-injection tests and benchmarks: they may be
 * restarted or flushed without touching the machine's shared servers that other tests use, and
 * their processes are ours alone (a benchmark meters their CPU). Same binaries, own data
 * directory and port, thrown away afterwards.
 */
export class PrivatePostgres {
  /** Made with the server, before it starts: however this process ends, its exit stops the server. */
  private readonly forgetAtExit = stopAtExit(() => this.stopNow());

  private constructor(
    readonly port: number,
    private readonly dataDir: string,
    private readonly bin: string,
    private readonly options: PrivatePostgresOptions,
  ) {}

  static async start(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
    const bin = postgresBinDir();
    const dataDir = mkdtempSync(join(tmpdir(), 'momo-pg-'));
    const port = await freePort();
    const server = new PrivatePostgres(port, dataDir, bin, options);
    if (isRoot()) chownSync(dataDir, uidOf('postgres'), gidOf('postgres'));
    server.run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    server.ctl('start');
    return server;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}`;
  }

  /** A database of this server reached through its Unix socket (in the data directory) instead of TCP. */
  socketUrl(database: string): string {
    return `postgres:///${database}?host=${encodeURIComponent(this.dataDir)}&port=${this.port}&user=postgres`;
  }

  /** The server's log (what `log_min_duration_statement` and friends write). */
  get logFile(): string {
    return join(this.dataDir, 'server.log');
  }

  /** The postmaster's process id (every backend is its child), or undefined while it is down. */
  get pid(): number | undefined {
    try {
      const pid = Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : undefined;
    } catch {
      return undefined;
    }
  }

  /** Stops abruptly (as a crash would: no checkpoint) and starts again on the same port. */
  async crashAndRestart(): Promise<void> {
    this.run('pg_ctl', ['-D', this.dataDir, 'stop', '-m', 'immediate', '-w']);
    this.ctl('start');
  }

  /** Stops abruptly and stays down (an outage) until `up()`; the data stays. */
  async down(): Promise<void> {
    this.run('pg_ctl', ['-D', this.dataDir, 'stop', '-m', 'immediate', '-w']);
  }

  async up(): Promise<void> {
    this.ctl('start');
  }

  async stop(): Promise<void> {
    this.stopNow();
  }

  /** Stops it and removes its data (synchronous: also what the process's exit does). */
  stopNow(): void {
    this.forgetAtExit();
    try {
      if (this.pid !== undefined) this.run('pg_ctl', ['-D', this.dataDir, 'stop', '-m', 'immediate', '-w']);
    } finally {
      rmSync(this.dataDir, { recursive: true, force: true });
    }
  }

  /** synchronous_commit stays at its default (on) either way; see PrivatePostgresOptions.durable for fsync. */
  private ctl(action: 'start'): void {
    const durability = this.options.durable ? 'on' : 'off';
    const statementStats = this.options.statementStats
      ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all -c pg_stat_statements.track_planning=on'
      : '';
    const options = `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1 -c fsync=${durability} -c full_page_writes=${durability} -c max_connections=${this.options.maxConnections ?? 300}${statementStats}`;
    this.run('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', join(this.dataDir, 'server.log'), '-w', '-t', '60', action]);
  }

  private run(program: string, args: string[]): void {
    const binary = join(this.bin, program);
    if (isRoot()) execFileSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: 'ignore' });
    else execFileSync(binary, args, { stdio: 'ignore' });
  }
}

export class PrivateRedis {
  private process: ChildProcess;
  private readonly forgetAtExit = stopAtExit(() => this.stopNow());

  private constructor(
    readonly port: number,
    private readonly socketDir: string,
  ) {
    this.process = this.spawn();
  }

  static async start(): Promise<PrivateRedis> {
    const server = new PrivateRedis(await freePort(), mkdtempSync(join(tmpdir(), 'momo-redis-')));
    await server.ready();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  /** The same server through its Unix socket instead of TCP (redisOptionsFromUrl reads it). */
  get socketUrl(): string {
    return `unix://${this.socketPath}?db=0`;
  }

  private get socketPath(): string {
    return join(this.socketDir, 'redis.sock');
  }

  /** The server's process id, or undefined while it is down. */
  get pid(): number | undefined {
    return this.process.exitCode === null && this.process.signalCode === null ? this.process.pid : undefined;
  }

  async flushAll(): Promise<void> {
    const client = new Redis(this.url);
    await client.flushall();
    await client.quit();
  }

  /** kill -9 and start again empty (it keeps nothing on disk), as a Redis crash would. */
  async crashAndRestart(): Promise<void> {
    await this.kill();
    this.process = this.spawn();
    await this.ready();
  }

  /** kill -9 and stay down (an outage) until `up()`, which starts it empty. */
  async down(): Promise<void> {
    await this.kill();
  }

  async up(): Promise<void> {
    this.process = this.spawn();
    await this.ready();
  }

  async stop(): Promise<void> {
    this.forgetAtExit();
    await this.kill();
    rmSync(this.socketDir, { recursive: true, force: true });
  }

  /** What the process's exit does for a server still running: kill -9 and remove its socket. */
  stopNow(): void {
    this.forgetAtExit();
    if (this.pid !== undefined) this.process.kill('SIGKILL');
    rmSync(this.socketDir, { recursive: true, force: true });
  }

  private async kill(): Promise<void> {
    if (this.process.exitCode !== null) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    // Unref'd so a running server never holds this process open; while we wait for its exit it
    // must, or a process with nothing else left to do ends silently, mid-await, with status 0.
    this.process.ref();
    this.process.kill('SIGKILL');
    await exited;
  }

  private async ready(): Promise<void> {
    await waitFor(() => pingRedis(this.port), { timeoutMs: 10_000, what: 'private redis' });
  }

  private spawn(): ChildProcess {
    const listen = ['--port', String(this.port), '--bind', '127.0.0.1', '--unixsocket', this.socketPath, '--unixsocketperm', '700'];
    const child = spawn('redis-server', [...listen, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    child.unref();
    return child;
  }
}

function postgresBinDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  return join('/usr/lib/postgresql', versions[versions.length - 1], 'bin');
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const uidOf = (user: string) => Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
const gidOf = (user: string) => Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());

/** true once the server answers PING (a bare socket: nothing lingers after a failed try). */
function pingRedis(port: number): Promise<true | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (answer: true | undefined) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(undefined));
    socket.once('error', () => done(undefined));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG') ? true : undefined));
  });
}
