import { readFileSync } from 'node:fs';
import { cpuOfProcesses } from '../cpu-meter';
import type { BackendSample } from '../postgres-by-service';

/** Every background process Postgres 13-17 may run, as it names itself in its process title. */
const OWN_ROLES = [
  'autovacuum launcher',
  'autovacuum worker',
  'background writer',
  'checkpointer',
  'walwriter',
  'logical replication launcher',
  'logical replication worker',
  'parallel worker',
  'archiver',
  'walsender',
  'walreceiver',
  'startup',
  'stats collector',
];

export const NEW_CONNECTIONS = 'connections opened since the backends were listed';

/**
 * "postgres: autovacuum worker momo" -> "its autovacuum worker"; "postgres: 15/main: checkpointer"
 * -> "its checkpointer"; a client backend ("postgres: postgres momo [local] idle") -> NEW_CONNECTIONS.
 */
export function roleOfTitle(title: string): string {
  const rest = title.replace(/\0/g, ' ').trim().replace(/^postgres: /, '').replace(/^\S+: /, '');
  const role = OWN_ROLES.find((name) => rest.startsWith(name));
  return role ? `its ${role}` : NEW_CONNECTIONS;
}

/**
 * Postgres' processes other than the client backends already known, each with what it is (its own:
 * autovacuum, the WAL writer, the checkpointer…; or a connection opened after the backends were
 * listed) in place of a service, and its CPU so far: split like the backends, process by process,
 * so that one that exits between two readings takes its time out of neither. What a process is
 * does not change, so a process in the `earlier` reading keeps what it was there and only new
 * ones have their titles read. Undefined where the postmaster is unknown or /proc cannot list its
 * children.
 */
export function samplePostgresRoles(postmasterPid: number | undefined, knownBackends: ReadonlySet<number>, earlier?: BackendSample): BackendSample | undefined {
  if (postmasterPid === undefined) return undefined;
  let children: number[];
  try {
    children = readFileSync(`/proc/${postmasterPid}/task/${postmasterPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return undefined;
  }
  const others = children.filter((pid) => !knownBackends.has(pid));
  const cpu = cpuOfProcesses(others);
  const roles: BackendSample = new Map();
  for (const pid of others) {
    const ms = cpu.get(pid);
    const role = earlier?.get(pid)?.service ?? roleOf(pid);
    if (ms !== undefined && role !== undefined) roles.set(pid, { service: role, ms });
  }
  return roles;
}

/** Undefined once the process has exited. */
function roleOf(pid: number): string | undefined {
  try {
    return roleOfTitle(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return undefined;
  }
}
