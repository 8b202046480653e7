import { CpuSample, formatMachine, machineShares } from '../cpu-meter';
import { BackendSample, postgresPerService } from '../postgres-by-service';

/** One reading: when, and the CPU each stack process and the machine (its ticks) had used so far. */
export interface TimelineSample {
  at: number;
  cpu: CpuSample;
  /** Postgres' client backends with the service each serves and its CPU so far, once those are known. */
  backends?: BackendSample;
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
}

/**
 * Accounts for a stretch of the run (an episode of late requests) from readings taken every
 * ~100 ms: the last reading at or before its start and the first at or after its end. Undefined
 * when the readings do not enclose it.
 */
export function accountFor(samples: readonly TimelineSample[], from: number, to: number): StretchAccount | undefined {
  let before: TimelineSample | undefined;
  let after: TimelineSample | undefined;
  for (const sample of samples) {
    if (sample.at <= from) before = sample;
    if (sample.at >= to) {
      after = sample;
      break;
    }
  }
  if (!before || !after || after.at <= before.at) return undefined;
  const cpuMs = [...after.cpu.stack]
    .map(([name, ms]) => [name, ms - (before.cpu.stack.get(name) ?? 0)] as [string, number])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
  return {
    fromMs: before.at,
    toMs: after.at,
    machine: machineShares(before.cpu.machine, after.cpu.machine),
    cpuMs,
    postgresMs:
      before.backends && after.backends ? withPostgresOwn(cpuMs, postgresPerService(before.backends, after.backends, 1).filter(([, ms]) => ms > 0)) : [],
  };
}

/**
 * The backends' split, and what is left of Postgres' total: its own processes (autovacuum workers,
 * the WAL writer, the checkpointer; exited ones through the postmaster).
 */
function withPostgresOwn(cpuMs: [string, number][], byService: [string, number][]): [string, number][] {
  if (byService.length === 0) return byService;
  const total = cpuMs.find(([name]) => name === 'postgres')?.[1] ?? 0;
  const own = total - byService.reduce((sum, [, ms]) => sum + ms, 0);
  return own > 0 ? [...byService, ['its own processes', own] as [string, number]].sort((a, b) => b[1] - a[1]) : byService;
}

/**
 * "over the 300 ms around it: the machine 97% busy, 0.4% stolen by the hypervisor; CPU ms of the
 * stack's busiest: postgres 180, payments-core 60, …; Postgres for payments-core 120, …"
 */
export function describeStretch(account: StretchAccount): string {
  const span = account.toMs - account.fromMs;
  const machine = account.machine ? `the machine ${formatMachine(account.machine)}` : 'the machine unread';
  const cpu = account.cpuMs
    .slice(0, 5)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(', ');
  const postgres = account.postgresMs.length > 0 ? `; Postgres for ${account.postgresMs.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}` : '';
  return `over the ${span.toFixed(0)} ms around it: ${machine}; CPU ms of the stack's busiest: ${cpu || 'none'}${postgres}`;
}
