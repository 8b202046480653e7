import { readdirSync, readFileSync } from 'node:fs';
import { LocalStack } from '@momo/testing';

/** What to meter: named processes by pid, plus every process whose command name matches. */
export interface MeteredProcesses {
  pids: Record<string, number | undefined>;
  commands: Record<string, RegExp>;
}

/** Every service of a local stack, and the Postgres and Redis on this machine. */
export function stackProcesses(stack: LocalStack): MeteredProcesses {
  return { pids: Object.fromEntries(stack.services.map((service) => [service, stack.pid(service)])), commands: { postgres: /^postgres$/, redis: /^redis-server$/ } };
}

/** /proc counts CPU time in clock ticks: 100 per second on every Linux build that matters here (getconf CLK_TCK). */
const USER_HZ = 100;

export type CpuSample = Map<string, number>;

/**
 * CPU time (user + system, in ms) used so far by each metered process, read from /proc. On
 * this 2-core machine every service, Postgres and Redis share the cores, so the CPU each one
 * spends per transaction is what decides throughput and queueing. Empty where /proc is missing.
 */
export function sampleCpu(processes: MeteredProcesses): CpuSample {
  const sample: CpuSample = new Map();
  const add = (name: string, pid: number) => {
    const ms = processCpuMs(pid);
    if (ms !== undefined) sample.set(name, (sample.get(name) ?? 0) + ms);
  };
  for (const [name, pid] of Object.entries(processes.pids)) if (pid !== undefined) add(name, pid);
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return sample;
  }
  for (const entry of entries) {
    const command = commandName(Number(entry));
    if (command === undefined) continue;
    for (const [name, pattern] of Object.entries(processes.commands)) if (pattern.test(command)) add(name, Number(entry));
  }
  return sample;
}

/** "postgres 12.1, payments-core 11.7, …" per unit of work between two samples, largest first, with the total. */
export function cpuPerUnit(before: CpuSample, after: CpuSample, units: number): string {
  const perUnit = [...after].map(([name, ms]) => [name, (ms - (before.get(name) ?? 0)) / Math.max(1, units)] as const).sort((a, b) => b[1] - a[1]);
  const total = perUnit.reduce((sum, [, ms]) => sum + ms, 0);
  return `${total.toFixed(1)} ms (${perUnit.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ')})`;
}

function processCpuMs(pid: number): number | undefined {
  try {
    // Fields after the command (which may contain spaces) are space-separated: utime, stime, then
    // cutime, cstime, the time of exited children, so Postgres backends that closed still count
    // (under their postmaster).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    return (ticks * 1000) / USER_HZ;
  } catch {
    return undefined;
  }
}

function commandName(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}
