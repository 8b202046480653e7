import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { DEFAULT_MANAGEMENT_PORTS, ensureHelm, SERVICES, WORKSPACE_ROOT } from '@momo/testing';

export const CHART = join(WORKSPACE_ROOT, 'deploy', 'helm', 'momo-gateway');

/** Every deployable the chart must hold: each service of the stack. */
export const CHART_SERVICES = [...SERVICES].sort();

/** Management ports fixed for everyone (MANAGEMENT_PORT defaults). */
export const MANAGEMENT_PORTS: Record<string, number> = DEFAULT_MANAGEMENT_PORTS;

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // The rendered object as it is: tests read into it by path.
  spec?: any;
  data?: Record<string, string>;
}

/** `helm template` of the chart with the given values files and --set pairs, parsed. */
export function renderChart(valuesFiles: string[] = [], set: string[] = []): Manifest[] {
  const args = ['template', 'momo', CHART, '--namespace', 'momo', ...valuesFiles.flatMap((f) => ['-f', join(CHART, f)]), ...set.flatMap((s) => ['--set', s])];
  const text = execFileSync(ensureHelm(), args, { encoding: 'utf8' });
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length) throw new Error(`rendered YAML does not parse: ${doc.errors[0].message}`);
      return doc.toJSON() as Manifest | null;
    })
    .filter((m): m is Manifest => m !== null);
}

export const named = (manifests: Manifest[], kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);
