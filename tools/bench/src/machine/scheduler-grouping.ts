import { readIfPresent } from './read-if-present';

/**
 * How the kernel weighs the processes of a co-located stack against each other. With autogrouping
 * on, processes in the root cpu cgroup share the CPU session by session first, and Postgres makes
 * each backend a session of its own, so every backend weighs as much as all the services together;
 * inside a cgroup of its own (a container, a Kubernetes pod) autogrouping does not apply.
 * Benchmarks compared across machines should have been run under the same grouping
 * (docs/performance.md, "Measured on 2026-12-05 (afternoon) and not taken").
 */
export interface SchedulerGrouping {
  autogroup: 'on' | 'off' | 'not in this kernel';
  /** This process's cpu cgroup, `/` for the root. */
  cpuCgroup: string;
}

export function schedulerGrouping(read: (path: string) => string | undefined = readIfPresent): SchedulerGrouping {
  const enabled = read('/proc/sys/kernel/sched_autogroup_enabled')?.trim();
  return {
    autogroup: enabled === undefined ? 'not in this kernel' : enabled === '0' ? 'off' : 'on',
    cpuCgroup: cpuCgroupOf(read('/proc/self/cgroup') ?? ''),
  };
}

/** The cpu controller's path in /proc/<pid>/cgroup: its cgroup v1 line, else the unified (v2) one. */
export function cpuCgroupOf(procCgroup: string): string {
  const lines = procCgroup.split('\n').map((line) => line.split(':'));
  const v1 = lines.find(([, controllers]) => controllers?.split(',').includes('cpu'));
  const unified = lines.find(([id, controllers]) => id === '0' && controllers === '');
  return (v1 ?? unified)?.slice(2).join(':') || '/';
}

export function describeGrouping({ autogroup, cpuCgroup }: SchedulerGrouping): string {
  if (autogroup === 'on' && cpuCgroup === '/') {
    return 'autogrouping on, in the root cpu cgroup: CPU shared session by session first (each Postgres backend is a session of its own)';
  }
  const where = cpuCgroup === '/' ? 'in the root cpu cgroup' : `in cpu cgroup ${cpuCgroup}`;
  if (autogroup === 'on') return `autogrouping on but not applied, ${where}: CPU shared by that cgroup's weights`;
  return `autogrouping ${autogroup}, ${where}: every thread weighs alike`;
}
