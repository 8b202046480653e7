import { readdirSync, readFileSync } from 'node:fs';

/**
 * What to meter, by name: the processes of the stack under test (summed into its total), and
 * processes outside it that a reader still wants to see (the load generator, the webhook
 * receiver, a bare comparison server). Each name maps to root process ids read at sample time;
 * `tree` roots count their descendants too (the postmaster and its backends), `own` roots count
 * the process alone (this process, whose children are the stack).
 */
export interface MeteredProcesses {
  stack: Record<string, MeteredRoot[]>;
  outside: Record<string, MeteredRoot[]>;
}

export interface MeteredRoot {
  pid: () => number | undefined;
  scope: 'tree' | 'own';
}

export const tree = (pid: () => number | undefined): MeteredRoot => ({ pid, scope: 'tree' });
export const ownProcess = (pid: () => number | undefined): MeteredRoot => ({ pid, scope: 'own' });

/** The benchmark's own process as the load generator: metered outside the stack, shown beside it. */
export const LOAD_GENERATOR: Record<string, MeteredRoot[]> = { 'load generator (this process)': [ownProcess(() => process.pid)] };

/** /proc counts CPU time in clock ticks: 100 per second on every Linux build that matters here (getconf CLK_TCK). */
const USER_HZ = 100;

export interface CpuSample {
  stack: Map<string, number>;
  outside: Map<string, number>;
  /**
   * Minor page faults so far by each of the stack's names (counted like its CPU). A first touch of
   * a page costs 1.6-11 µs depending on the VM (`bench:machine`), so their count per unit tells how
   * much of a dearer VM's cost is paging. Optional: samples built by hand (in tests) may leave it out.
   */
  stackFaults?: Map<string, number>;
  /** The whole machine's ticks (/proc/stat's first line); undefined where it cannot be read. */
  machine?: MachineTicks;
}

/** Clock ticks of all cores together since boot, as /proc/stat counts them. */
export interface MachineTicks {
  /** user, nice, system, irq and softirq: some process or the kernel on a core. */
  busy: number;
  /** idle and iowait: nothing to run. */
  idle: number;
  /**
   * Time this VM had something to run and the hypervisor gave its core to another guest. It
   * lengthens every pause the stack sees without showing in any process's CPU.
   */
  steal: number;
}

export interface ProcStat {
  ppid: number;
  /** utime + stime: this process's own CPU, all its threads. */
  ownTicks: number;
  /** cutime + cstime: CPU of its children that exited and were reaped (closed Postgres backends). */
  reapedChildrenTicks: number;
  /** minflt: page faults served without reading the disk (first touches of memory, mostly). */
  ownMinorFaults: number;
  /** cminflt: the same for its reaped children. */
  reapedChildrenMinorFaults: number;
}

/**
 * CPU time (user + system, in ms) used so far by each metered name, read from /proc. On this
 * 2-core machine every service, Postgres and Redis share the cores, so the CPU each one spends per
 * transaction is what decides throughput. A tree counts each live process in it plus the time of
 * its exited children, so nothing is counted twice and a backend that closed still counts.
 * Empty where /proc is missing.
 */
export function sampleCpu(processes: MeteredProcesses): CpuSample {
  const stats = readAllStats();
  const children = childrenByParent(stats);
  /** One counter of a root: the process alone, or with every live descendant and the reaped ones' share. */
  const countOf = (root: MeteredRoot, own: (s: ProcStat) => number, reaped: (s: ProcStat) => number): number =>
    livePidsOf(root, stats, children).reduce((count, pid) => {
      const s = stats.get(pid)!;
      return count + own(s) + (root.scope === 'tree' ? reaped(s) : 0);
    }, 0);
  const ticksOf = (root: MeteredRoot) => countOf(root, (s) => s.ownTicks, (s) => s.reapedChildrenTicks);
  const faultsOf = (root: MeteredRoot) => countOf(root, (s) => s.ownMinorFaults, (s) => s.reapedChildrenMinorFaults);
  const sum = (group: Record<string, MeteredRoot[]>, count: (root: MeteredRoot) => number, scale: number) =>
    new Map(Object.entries(group).map(([name, roots]) => [name, roots.reduce((total, root) => total + count(root), 0) * scale] as const));
  return {
    stack: sum(processes.stack, ticksOf, 1000 / USER_HZ),
    outside: sum(processes.outside, ticksOf, 1000 / USER_HZ),
    stackFaults: sum(processes.stack, faultsOf, 1),
    machine: readMachineTicks(),
  };
}

/** The live processes a root stands for: itself alone, or with every descendant it has now. */
export function livePidsOf(root: MeteredRoot, stats: Map<number, ProcStat>, children: Map<number, number[]>): number[] {
  const pid = root.pid();
  if (pid === undefined || !stats.has(pid)) return [];
  if (root.scope === 'own') return [pid];
  const pids: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (!stats.has(next)) continue;
    pids.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return pids;
}

export interface CpuPerUnit {
  /** ms per unit, all of the stack's processes together. */
  stackTotal: number;
  stack: [string, number][];
  outside: [string, number][];
  /** Shares of the machine's time between the two samples (0-1), when /proc/stat was read. */
  machine?: { busy: number; steal: number };
  /** Minor page faults per unit, all of the stack's processes together, and by name; absent where either sample lacks them. */
  stackFaults?: { total: number; byName: [string, number][] };
}

/** CPU per unit of work between two samples, largest first. */
export function cpuPerUnit(before: CpuSample, after: CpuSample, units: number): CpuPerUnit {
  const per = (a: Map<string, number>, b: Map<string, number>) =>
    [...b].map(([name, ms]) => [name, (ms - (a.get(name) ?? 0)) / Math.max(1, units)] as [string, number]).sort((x, y) => y[1] - x[1]);
  const total = (entries: [string, number][]) => entries.reduce((sum, [, n]) => sum + n, 0);
  const stack = per(before.stack, after.stack);
  const faults = before.stackFaults && after.stackFaults ? per(before.stackFaults, after.stackFaults) : undefined;
  return {
    stackTotal: total(stack),
    stack,
    outside: per(before.outside, after.outside),
    machine: machineShares(before.machine, after.machine),
    stackFaults: faults && { total: total(faults), byName: faults },
  };
}

/** "8.0 (postgres 3.7, payments-core 1.2, …)"; "not counted" where the samples had no fault counts. */
export function formatFaults(cpu: CpuPerUnit): string {
  if (!cpu.stackFaults) return 'not counted';
  const parts = cpu.stackFaults.byName.map(([name, n]) => `${name} ${n.toFixed(1)}`).join(', ');
  return `${cpu.stackFaults.total.toFixed(1)} (${parts})`;
}

/** How the machine's time between two readings was spent: busy (any process or the kernel) and stolen by the hypervisor. */
export function machineShares(before?: MachineTicks, after?: MachineTicks): { busy: number; steal: number } | undefined {
  if (!before || !after) return undefined;
  const busy = after.busy - before.busy;
  const steal = after.steal - before.steal;
  const total = busy + steal + after.idle - before.idle;
  return total > 0 ? { busy: busy / total, steal: steal / total } : undefined;
}

/** "12.3 ms (postgres 4.1, payments-core 2.0, …); outside the stack: load generator 0.9; the machine meanwhile: 81% busy, 2.4% stolen by the hypervisor" */
export function formatCpu(cpu: CpuPerUnit): string {
  const list = (entries: [string, number][]) => entries.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', ');
  const outside = cpu.outside.length > 0 ? `; outside the stack, not in that total: ${list(cpu.outside)}` : '';
  const machine = cpu.machine ? `; the machine meanwhile: ${formatMachine(cpu.machine)}` : '';
  return `${cpu.stackTotal.toFixed(2)} ms (${list(cpu.stack)})${outside}${machine}`;
}

/** "81% busy, 2.4% stolen by the hypervisor" */
export function formatMachine(shares: { busy: number; steal: number }): string {
  return `${(100 * shares.busy).toFixed(0)}% busy, ${(100 * shares.steal).toFixed(1)}% stolen by the hypervisor`;
}

/** /proc/stat's aggregate line: user nice system idle iowait irq softirq steal … (proc(5)). */
export function readMachineTicks(text?: string): MachineTicks | undefined {
  try {
    const line = (text ?? readFileSync('/proc/stat', 'utf8')).split('\n', 1)[0];
    const [label, ...fields] = line.trim().split(/\s+/);
    if (label !== 'cpu' || fields.length < 8) return undefined;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system, in ms) each of these processes has used so far; those gone are left out. */
export function cpuOfProcesses(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat) out.set(pid, (stat.ownTicks * 1000) / USER_HZ);
  }
  return out;
}

/** The process's parent, as /proc has it; undefined once it has exited (or where /proc is missing). */
export function parentOf(pid: number): number | undefined {
  return readStat(pid)?.ppid;
}

/** Every live process's counters from /proc, by pid; empty where /proc is missing. */
export function readAllStats(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return stats;
  }
  for (const entry of entries) {
    const stat = readStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  return stats;
}

/** The pids of each process's live children, by parent pid. */
export function childrenByParent(stats: Map<number, ProcStat>): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  return children;
}

/**
 * A process's counters from /proc, or with 'thread-self' the calling thread's alone. Undefined
 * once the process has exited (or where /proc is missing).
 */
export function readStat(pid: number | 'thread-self'): ProcStat | undefined {
  try {
    // Fields after the command (which may contain spaces and parentheses) are space-separated:
    // state, ppid, …, minflt and cminflt (fields 10-11 of proc(5)), …, then utime, stime, cutime,
    // cstime (fields 14-17).
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(') ') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ownTicks: Number(fields[11]) + Number(fields[12]),
      reapedChildrenTicks: Number(fields[13]) + Number(fields[14]),
      ownMinorFaults: Number(fields[7]),
      reapedChildrenMinorFaults: Number(fields[8]),
    };
  } catch {
    return undefined;
  }
}
