import { CpuSample, formatMachine, machineShares } from '../cpu-meter';
import { BackendSample, postgresPerService } from '../postgres-by-service';
import { diskAcross, DiskCounters, DiskStretch } from './disk-counters';

/** One reading: when, and the CPU each stack process and the machine (its ticks) had used so far. */
export interface TimelineSample {
  at: number;
  cpu: CpuSample;
  /** Postgres' client backends with the service each serves and its CPU so far, once those are known. */
  backends?: BackendSample;
  /** Postgres' other processes with what each is in place of a service (`samplePostgresRoles`), where /proc lists them. */
  postgresRoles?: BackendSample;
  /** The counters of the disk under Postgres' data, where the kernel exposes them. */
  disk?: DiskCounters;
}

/** What the machine and the stack did between the readings that enclose a stretch of time. */
export interface StretchAccount {
  /** The readings' own span (ms): at least the stretch, widened to the readings around it. */
  fromMs: number;
  toMs: number;
  machine?: { busy: number; steal: number };
  /** CPU ms each stack process used over the span, largest first. */
  cpuMs: [string, number][];
  /** Postgres' part of it by the service it served, largest first (empty when unknown). */
  postgresMs: [string, number][];
  disk?: DiskStretch;
}

/**
 * Accounts for a stretch of the run (an episode of late requests) from readings taken every
 * ~100 ms: the last reading at or before its start and the first at or after its end. Undefined
 * when the readings do not enclose it.
 */
export function accountFor(samples: readonly TimelineSample[], from: number, to: number): StretchAccount | undefined {
  let before: number | undefined;
  let after: number | undefined;
  for (let i = 0; i < samples.length; i++) {
    if (samples[i].at <= from) before = i;
    if (samples[i].at >= to) {
      after = i;
      break;
    }
  }
  if (before === undefined || after === undefined || samples[after].at <= samples[before].at) return undefined;
  return account(samples.slice(before, after + 1));
}

/** The account of the span from the first of `samples` to the last. */
function account(samples: TimelineSample[]): StretchAccount {
  const before = samples[0];
  const after = samples[samples.length - 1];
  const cpuMs = [...after.cpu.stack]
    .map(([name, ms]) => [name, ms - (before.cpu.stack.get(name) ?? 0)] as [string, number])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
  const ran = (from?: BackendSample, to?: BackendSample) => (from && to ? postgresPerService(from, to, 1).filter(([, ms]) => ms > 0) : undefined);
  const byService = ran(before.backends, after.backends);
  return {
    fromMs: before.at,
    toMs: after.at,
    machine: machineShares(before.cpu.machine, after.cpu.machine),
    cpuMs,
    postgresMs: byService ? withPostgresOwn(cpuMs, byService, ran(before.postgresRoles, after.postgresRoles)) : [],
    disk: diskAcross(samples.map((sample) => sample.disk)),
  };
}

/**
 * The backends' split, Postgres' other processes by what each is where they were read, and what
 * is left of Postgres' total: processes that exited (through the postmaster), or all of its own
 * processes where they were not read one by one.
 */
function withPostgresOwn(cpuMs: [string, number][], byService: [string, number][], byRole?: [string, number][]): [string, number][] {
  if (byService.length === 0) return byService;
  const total = cpuMs.find(([name]) => name === 'postgres')?.[1] ?? 0;
  const parts = [...byService, ...(byRole ?? [])];
  const rest = total - parts.reduce((sum, [, ms]) => sum + ms, 0);
  const restName = byRole ? 'its exited processes' : 'its own processes';
  return (rest > 0 ? [...parts, [restName, rest] as [string, number]] : parts).sort((a, b) => b[1] - a[1]);
}

/**
 * "over the 300 ms around it: the machine 97% busy, 0.4% stolen by the hypervisor; CPU ms of the
 * stack's busiest: postgres 180, payments-core 60, …; Postgres for payments-core 120, …; the disk
 * 42 writes, 0.3 ms each on average (1.9 ms between the closest readings at the slowest), busy 12 ms"
 */
export function describeStretch(account: StretchAccount): string {
  const span = account.toMs - account.fromMs;
  const machine = account.machine ? `the machine ${formatMachine(account.machine)}` : 'the machine unread';
  const cpu = account.cpuMs
    .slice(0, 5)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(', ');
  const postgres = account.postgresMs.length > 0 ? `; Postgres for ${account.postgresMs.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}` : '';
  const disk = account.disk
    ? `; the disk ${account.disk.writes} writes, ${account.disk.meanWriteMs.toFixed(1)} ms each on average (${account.disk.slowestMeanWriteMs.toFixed(1)} ms between the closest readings at the slowest), busy ${account.disk.busyMs.toFixed(0)} ms`
    : '';
  return `over the ${span.toFixed(0)} ms around it: ${machine}; CPU ms of the stack's busiest: ${cpu || 'none'}${postgres}${disk}`;
}
