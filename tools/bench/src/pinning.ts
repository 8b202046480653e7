import { execFileSync } from 'node:child_process';
import { childrenByParent, livePidsOf, readAllStats, tree } from './cpu-meter';

/**
 * Pins a process, every thread of it and every descendant it has now to the given CPUs (a
 * `taskset` list such as "0" or "0,1"). Processes and threads started later inherit the mask from
 * their parent: Postgres backends fork from the pinned postmaster.
 */
export function pinProcessTree(rootPid: number, cpuList: string): void {
  for (const pid of descendantsAndSelf(rootPid)) {
    try {
      execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpuList, String(pid)], { stdio: 'ignore' });
    } catch {
      // exited meanwhile (a backend that closed)
    }
  }
}

/** Pins one process (all its threads, not its children) to the given CPUs. */
export function pinProcess(pid: number, cpuList: string): void {
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpuList, String(pid)], { stdio: 'ignore' });
}

function descendantsAndSelf(root: number): number[] {
  const stats = readAllStats();
  return livePidsOf(tree(() => root), stats, childrenByParent(stats));
}
