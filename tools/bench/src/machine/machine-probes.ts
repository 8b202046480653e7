import { ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, fdatasyncSync, fstatSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readStat } from '../cpu-meter';
import { pinProcess } from '../pinning';
import { quantile } from '../quantile';

const PAGE_BYTES = 4096;

/** Microseconds per system call made through Node.js (fstat of stdin: no I/O, no allocation worth counting). */
export function systemCallMicros(calls: number): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) fstatSync(0);
  return Number(process.hrtime.bigint() - started) / 1_000 / calls;
}

export interface PageTouches {
  /** Minor page faults the touches caused in the touching thread, about one per page. */
  faults: number;
  microsPerFault: number;
}

/** A WebAssembly memory page: the unit its size is given in. */
const WASM_PAGE_BYTES = 65_536;

/** Node.js' global; this project's TypeScript libraries (no DOM) do not declare it. */
declare const WebAssembly: { Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer } };

/**
 * The first write to each page of fresh memory: the kernel maps a zeroed page on the fault. Every
 * process pays it for the memory it grows into (a V8 heap, a Postgres backend's buffers).
 *
 * The memory is a WebAssembly memory, which V8 maps straight from the kernel: memory from the
 * ArrayBuffer allocator may be pages malloc already holds, touched before (then no faults at
 * all). Only this thread's faults count: V8's helper threads fault too, a collection's worth at a
 * time, and the process's total counted them (a test saw twice the pages in a busy CI run).
 */
export function firstTouchOfPages(pages: number): PageTouches {
  const memory = new Uint8Array(new WebAssembly.Memory({ initial: Math.ceil((pages * PAGE_BYTES) / WASM_PAGE_BYTES) }).buffer);
  const faultsBefore = threadMinorFaults();
  const started = process.hrtime.bigint();
  for (let offset = 0; offset < pages * PAGE_BYTES; offset += PAGE_BYTES) memory[offset] = 1;
  const micros = Number(process.hrtime.bigint() - started) / 1_000;
  const faults = threadMinorFaults() - faultsBefore;
  return { faults, microsPerFault: micros / Math.max(1, faults) };
}

/** The calling thread's minor page faults so far; 0 where /proc is missing. */
function threadMinorFaults(): number {
  return readStat('thread-self')?.ownMinorFaults ?? 0;
}

export interface Flushes {
  count: number;
  p50Micros: number;
  p99Micros: number;
  maxMicros: number;
}

/** Postgres' WAL page: a commit writes at least one and waits for the disk to hold it. */
const WAL_PAGE_BYTES = 8192;

/**
 * What a commit waits for on this machine's disk: an 8 kB write and its fdatasync, in the temporary
 * folder where the benchmarks' private Postgres keeps its data (as `pg_test_fsync` does, but with
 * the spread, not only the mean: a `POST` waits for four commits). Back to back (`everyMs` 0) or
 * paced, as commits come at moderate load, each to a disk and a core that have been idle.
 */
export async function commitFlushes(options: { count: number; everyMs: number }): Promise<Flushes> {
  const folder = mkdtempSync(join(tmpdir(), 'momo-bench-flush-'));
  const fd = openSync(join(folder, 'wal'), 'w');
  try {
    const page = Buffer.alloc(WAL_PAGE_BYTES, 1);
    const latencies: number[] = [];
    for (let i = 0; i < options.count; i++) {
      if (options.everyMs > 0) await sleep(options.everyMs);
      const started = process.hrtime.bigint();
      // A WAL segment is written forward; cycling over a few pages keeps the file small.
      writeSync(fd, page, 0, page.length, (i % 16) * WAL_PAGE_BYTES);
      fdatasyncSync(fd);
      latencies.push(Number(process.hrtime.bigint() - started) / 1_000);
    }
    latencies.sort((a, b) => a - b);
    return { count: options.count, p50Micros: quantile(latencies, 0.5), p99Micros: quantile(latencies, 0.99), maxMicros: latencies[latencies.length - 1] };
  } finally {
    closeSync(fd);
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface RoundTripOptions {
  count: number;
  /** 0: each message leaves as the previous one's answer arrives; else one message every this many ms. */
  everyMs: number;
  /** A taskset CPU list for both processes (e.g. "0"); undefined leaves them to the scheduler. */
  cpus?: string;
  /** The built echo-peer.js (bench:machine passes the one beside it). */
  peerScript: string;
}

export interface RoundTrips {
  count: number;
  p50Micros: number;
  p99Micros: number;
  /** Both processes' CPU (user + system) per round trip, timers and sleeps included. */
  cpuMicros: number;
}

/**
 * One-byte messages to another Node.js process and back over a Unix socket, as every hop of a
 * cash-in is a message between two processes (a service and Redis, Postgres or another service).
 * Back to back both stay awake; paced, each message wakes a process that slept, as at moderate load.
 */
export async function roundTrips(options: RoundTripOptions): Promise<RoundTrips> {
  const folder = mkdtempSync(join(tmpdir(), 'momo-bench-machine-'));
  const server = createServer();
  let peer: ChildProcess | undefined;
  const ownCpus = allowedCpus();
  try {
    const path = join(folder, 'echo.sock');
    server.listen(path);
    await once(server, 'listening');
    const accepted = once(server, 'connection') as Promise<[Socket]>;
    peer = fork(options.peerScript, [path], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const [socket] = await accepted;
    if (options.cpus !== undefined) {
      pinProcess(process.pid, options.cpus);
      pinProcess(peer.pid!, options.cpus);
    }
    const times = await exchange(socket, peer, options);
    socket.destroy();
    return times;
  } finally {
    if (options.cpus !== undefined) pinProcess(process.pid, ownCpus);
    peer?.kill();
    server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function exchange(socket: Socket, peer: ChildProcess, options: RoundTripOptions): Promise<RoundTrips> {
  const latencies: number[] = [];
  const peerCpuBefore = await peerCpu(peer);
  const ownCpuBefore = process.cpuUsage();
  for (let i = 0; i < options.count; i++) {
    if (options.everyMs > 0) await sleep(options.everyMs);
    const sent = performance.now();
    const answered = once(socket, 'data');
    socket.write('x');
    await answered;
    latencies.push((performance.now() - sent) * 1_000);
  }
  const ownCpu = process.cpuUsage(ownCpuBefore);
  const peerCpuAfter = await peerCpu(peer);
  const cpu = ownCpu.user + ownCpu.system + (peerCpuAfter.user - peerCpuBefore.user) + (peerCpuAfter.system - peerCpuBefore.system);
  latencies.sort((a, b) => a - b);
  return { count: options.count, p50Micros: quantile(latencies, 0.5), p99Micros: quantile(latencies, 0.99), cpuMicros: cpu / options.count };
}

async function peerCpu(peer: ChildProcess): Promise<NodeJS.CpuUsage> {
  const answer = once(peer, 'message') as Promise<[NodeJS.CpuUsage]>;
  peer.send('cpu');
  return (await answer)[0];
}

/** The CPUs this process may run on now, as a taskset list (e.g. "0-1"). */
export function allowedCpus(): string {
  return /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1];
}
