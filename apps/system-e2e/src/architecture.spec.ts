import { execFileSync, spawnSync } from 'node:child_process';
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

  it('keeps the platform off the database layer', () => {
    expect(graph.dependencies.platform.map((d) => d.target).filter((target) => graph.nodes[target])).not.toContain('data');
  });

  it('tags every project with its type, and every library with its scope (eslint.config.mjs constrains them)', () => {
    const untagged = Object.entries(graph.nodes)
      .filter(([, node]) => {
        const tags = node.data.tags ?? [];
        return !tags.some((t) => t.startsWith('type:')) || (node.data.root.startsWith('libs/') && !tags.some((t) => t.startsWith('scope:')));
      })
      .map(([name]) => name);
    expect(untagged).toEqual([]);
  });

  describe('module boundaries (eslint, @nx/enforce-module-boundaries)', () => {
    const eslint = (args: string[], input?: string) =>
      spawnSync(join(WORKSPACE_ROOT, 'node_modules', '.bin', 'eslint'), ['--format', 'json', ...args], { cwd: WORKSPACE_ROOT, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const messages = (stdout: string) =>
      (JSON.parse(stdout) as { filePath: string; messages: { ruleId: string | null; message: string }[] }[]).flatMap((file) =>
        file.messages.map((m) => `${file.filePath.slice(WORKSPACE_ROOT.length + 1)}: ${m.ruleId ?? 'eslint'}: ${m.message}`),
      );

    it('finds no violation in apps, libs and tools', () => {
      const run = eslint(['apps/**/*.{ts,tsx}', 'libs/**/*.ts', 'tools/**/*.ts']);
      expect(run.stdout).not.toContain('No cached ProjectGraph');
      expect(messages(run.stdout)).toEqual([]);
      expect(run.status).toBe(0);
    });

    it('is really checking: the platform importing the data layer is refused', () => {
      const run = eslint(['--stdin', '--stdin-filename', 'libs/platform/src/boundary-probe.ts'], "import { DatabaseModule } from '@momo/data';\nexport const probe = DatabaseModule;\n");
      expect(messages(run.stdout).join('\n')).toContain('@nx/enforce-module-boundaries');
      expect(run.status).toBe(1);
    });

    it('is really checking: a service importing test code outside its tests is refused', () => {
      const run = eslint(['--stdin', '--stdin-filename', 'apps/reconciler/src/boundary-probe.ts'], "import { waitFor } from '@momo/testing';\nexport const probe = waitFor;\n");
      expect(messages(run.stdout).join('\n')).toContain('A project tagged with "type:app" can only depend on libs tagged with');
    });
  });
});
