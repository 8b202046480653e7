import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { childrenByParent, livePidsOf, MeteredProcesses, readAllStats } from './cpu-meter';

/**
 * How long each metered name's threads have run and have waited for a core, read from the
 * scheduler's own counters (/proc/<pid>/task/<pid>/schedstat: ns on a core, ns ready on a run
 * queue but not running). The wait is what a request sees when the process that must answer it
 * has work and no core: on a 2-core machine shared by the whole stack, the counter of the very
 * delay that a latency's tail is suspected of. Each process counts its main thread, which for a
 * Node.js service is the event loop, and for Postgres and Redis the whole server process.
 */
export interface RunDelaySample {
  /** When it was read (ms, monotonic): the run's length is the time between two samples. */
  atMs: number;
  /** Per name, per live process: ms run and ms waited so far. */
  byName: Map<string, Map<number, SchedCounters>>;
}

export interface SchedCounters {
  runMs: number;
  waitMs: number;
}

/** The main thread's counters; undefined once the process has exited (or where schedstat is missing). */
function readSchedstat(pid: number): SchedCounters | undefined {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return Number.isFinite(run) && Number.isFinite(wait) ? { runMs: run / 1e6, waitMs: wait / 1e6 } : undefined;
  } catch {
    return undefined;
  }
}

/** Every metered name's counters now, the stack's and the outside's together. */
export function sampleRunDelay(processes: MeteredProcesses): RunDelaySample {
  const stats = readAllStats();
  const children = childrenByParent(stats);
  const byName = new Map<string, Map<number, SchedCounters>>();
  for (const [name, roots] of [...Object.entries(processes.stack), ...Object.entries(processes.outside)]) {
    const byPid = new Map<number, SchedCounters>();
    for (const pid of roots.flatMap((root) => livePidsOf(root, stats, children))) {
      const counters = readSchedstat(pid);
      if (counters) byPid.set(pid, counters);
    }
    byName.set(name, byPid);
  }
  return { atMs: performance.now(), byName };
}

/**
 * One line per name that ran between the samples, most waiting first: ms run and ms waited for a
 * core per second between them, and the wait's share of the time it had something to do. A process
 * started between the samples counts from its start; one that exited (a Postgres backend closed)
 * is left out.
 */
export function describeRunDelay(before: RunDelaySample, after: RunDelaySample): string[] {
  const seconds = (after.atMs - before.atMs) / 1000;
  return [...after.byName]
    .map(([name, byPid]) => {
      const row = { name, runMs: 0, waitMs: 0 };
      for (const [pid, now] of byPid) {
        const then = before.byName.get(name)?.get(pid) ?? { runMs: 0, waitMs: 0 };
        row.runMs += now.runMs - then.runMs;
        row.waitMs += now.waitMs - then.waitMs;
      }
      return row;
    })
    .filter((row) => row.runMs > 0)
    .sort((a, b) => b.waitMs - a.waitMs)
    .map(
      (row) =>
        `${row.name}: ran ${(row.runMs / seconds).toFixed(0)} ms/s, waited for a core ${(row.waitMs / seconds).toFixed(0)} ms/s (${((100 * row.waitMs) / (row.runMs + row.waitMs)).toFixed(0)}% of its time with work to do)`,
    );
}
