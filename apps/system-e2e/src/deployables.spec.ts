import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { SERVICES, WORKSPACE_ROOT } from '@momo/testing';

interface Manifest {
  kind: string;
  metadata: { name: string };
  spec?: { template?: { spec?: { containers?: { env?: { name: string; value: string }[]; readinessProbe?: { httpGet?: { path: string } } }[] } } };
}

/** What a platform team deploys: every service is its own deployable, probes point at real endpoints. */
describe('deployables', () => {
  const render = (dir: string): Manifest[] =>
    parseAllDocuments(execFileSync('kubectl', ['kustomize', join(WORKSPACE_ROOT, dir)], { encoding: 'utf8' })).map((d) => d.toJSON() as Manifest);

  it('deploys each service on its own, with readiness on /health/ready, and migrations as a job', () => {
    const manifests = render('deploy/overlays/sandbox');
    const deployments = manifests.filter((m) => m.kind === 'Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...SERVICES].sort());
    for (const deployment of deployments) {
      const container = deployment.spec!.template!.spec!.containers![0];
      expect(container.env).toContainEqual({ name: 'APP', value: deployment.metadata.name });
      expect(container.readinessProbe?.httpGet?.path).toBe('/health/ready');
    }
    const migrate = manifests.find((m) => m.kind === 'Job' && m.metadata.name === 'migrate');
    expect(migrate?.spec?.template?.spec?.containers?.[0].env).toContainEqual({ name: 'APP', value: 'admin-cli' });
  });

  it('keeps the simulator out of the production base', () => {
    const names = render('deploy/base').filter((m) => m.kind === 'Deployment').map((m) => m.metadata.name);
    expect(names).not.toContain('operator-simulator');
  });

  it('runs the same services, a migration and a seed in docker compose', () => {
    const compose = parse(readFileSync(join(WORKSPACE_ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { build?: { args?: { APP?: string } } }>;
    };
    for (const service of SERVICES) expect(compose.services[service]?.build?.args?.APP).toBe(service);
    expect(compose.services.migrate.build?.args?.APP).toBe('admin-cli');
    expect(compose.services.seed.build?.args?.APP).toBe('admin-cli');
  });
});
