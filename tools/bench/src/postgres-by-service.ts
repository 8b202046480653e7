import type { DataSource } from 'typeorm';
import { cpuOfProcesses } from './cpu-meter';

/** Each live Postgres backend: the service it serves (its connection's application name) and its CPU so far. */
export type BackendSample = Map<number, { service: string; ms: number }>;

/**
 * Postgres' CPU split by the service whose connection each backend serves: which service's
 * statements cost the database what (the stack's total counts Postgres as one process). Every
 * service names its connections after itself (dataSourceOptions), replicas under one name.
 */
export async function sampleBackends(dataSource: DataSource): Promise<BackendSample> {
  const rows = (await dataSource.query(
    `SELECT pid, application_name FROM pg_stat_activity WHERE backend_type = 'client backend' AND datname = current_database()`,
  )) as { pid: number; application_name: string }[];
  return rereadBackends(new Map(rows.map((row) => [row.pid, { service: row.application_name || '(unnamed)', ms: 0 }])));
}

/** The same backends, each one's CPU so far read afresh; those gone are left out. */
export function rereadBackends(backends: BackendSample): BackendSample {
  const cpu = cpuOfProcesses([...backends.keys()]);
  const sample: BackendSample = new Map();
  for (const [pid, { service }] of backends) {
    const ms = cpu.get(pid);
    if (ms !== undefined) sample.set(pid, { service, ms });
  }
  return sample;
}

/**
 * ms per unit by service between two samples, largest first. A backend that closed between them
 * is missing from the second and its time from this split (the stack's Postgres total still has
 * it, through the postmaster); one opened between them counts from zero.
 */
export function postgresPerService(before: BackendSample, after: BackendSample, units: number): [string, number][] {
  const byService = new Map<string, number>();
  for (const [pid, { service, ms }] of after) {
    const earlier = before.get(pid);
    const used = earlier && earlier.service === service ? ms - earlier.ms : ms;
    byService.set(service, (byService.get(service) ?? 0) + used / Math.max(1, units));
  }
  return [...byService].sort((a, b) => b[1] - a[1]);
}

