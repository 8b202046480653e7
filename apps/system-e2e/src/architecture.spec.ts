import { execFileSync } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from '@momo/testing';

interface ProjectGraph {
  graph: {
    nodes: Record<string, { type: string; data: { root: string; tags?: string[] } }>;
    dependencies: Record<string, { target: string }[]>;
  };
}

/** The layering the README promises, checked on Nx's own project graph. */
describe('workspace architecture', () => {
  let graph: ProjectGraph['graph'];

  beforeAll(() => {
    const file = join(mkdtempSync(join(tmpdir(), 'nx-graph-')), 'graph.json');
    execFileSync(join(WORKSPACE_ROOT, 'node_modules', '.bin', 'nx'), ['graph', `--file=${file}`], {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, NX_DAEMON: 'false' },
      stdio: 'ignore',
    });
    graph = (JSON.parse(readFileSync(file, 'utf8')) as ProjectGraph).graph;
  });

  const isService = (name: string) => graph.nodes[name]?.data.root.startsWith('apps/');
  const isLib = (name: string) => graph.nodes[name]?.data.root.startsWith('libs/');

  it('has the six services and the shared libraries', () => {
    for (const name of ['api-gateway', 'payments-core', 'operator-adapter', 'reconciler', 'webhook-dispatcher', 'operator-simulator']) {
      expect(isService(name)).toBe(true);
    }
    for (const name of ['contracts', 'domain', 'data', 'platform', 'testing']) expect(isLib(name)).toBe(true);
  });

  it('lets apps depend only on libs, never on each other', () => {
    const offending = Object.entries(graph.dependencies)
      .filter(([source]) => isService(source))
      .flatMap(([source, deps]) => deps.filter((d) => !isLib(d.target)).map((d) => `${source} -> ${d.target}`));
    expect(offending).toEqual([]);
  });

  it('keeps the domain free of every other project', () => {
    expect(graph.dependencies.domain).toEqual([]);
  });
});
