import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ensureHelm, SERVICES, WORKSPACE_ROOT } from '@momo/testing';

export const CHART = join(WORKSPACE_ROOT, 'deploy', 'helm', 'momo-gateway');

/** Every deployable the chart must hold: the stack's services plus the two web services. */
export const CHART_SERVICES = [...new Set<string>([...SERVICES, 'merchant-dashboard', 'ops-console'])].sort();

/** Management ports fixed for everyone (MANAGEMENT_PORT defaults). */
export const MANAGEMENT_PORTS: Record<string, number> = {
  'api-gateway': 9100,
  'payments-core': 9101,
  'operator-adapter': 9102,
  reconciler: 9103,
  'webhook-dispatcher': 9104,
  'operator-simulator': 9105,
  'merchant-dashboard': 9106,
  'ops-console': 9107,
};

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
