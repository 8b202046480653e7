import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { DEFAULT_MANAGEMENT_PORTS, DEFAULT_PORTS, SERVICES, ServiceName, WORKSPACE_ROOT } from '@momo/testing';

interface Manifest {
  kind: string;
  metadata: { name: string };
  spec?: {
    ports?: { name: string; targetPort?: string | number }[];
    template?: {
      metadata?: { annotations?: Record<string, string> };
      spec?: {
        containers?: {
          env?: { name: string; value: string }[];
          ports?: { name: string; containerPort: number }[];
          readinessProbe?: { httpGet?: { path: string; port: string } };
          livenessProbe?: { httpGet?: { path: string; port: string } };
        }[];
      };
    };
  };
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
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'management' });
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'management' });
    }
    const migrate = manifests.find((m) => m.kind === 'Job' && m.metadata.name === 'migrate');
    expect(migrate?.spec?.template?.spec?.containers?.[0].env).toContainEqual({ name: 'APP', value: 'admin-cli' });
  });

  it('serves health and metrics on the management port, which no Service exposes', () => {
    const manifests = render('deploy/overlays/sandbox');
    for (const deployment of manifests.filter((m) => m.kind === 'Deployment')) {
      const name = deployment.metadata.name as ServiceName;
      const template = deployment.spec!.template!;
      const container = template.spec!.containers![0];
      expect(container.ports).toEqual([
        { name: 'http', containerPort: DEFAULT_PORTS[name] },
        { name: 'management', containerPort: DEFAULT_MANAGEMENT_PORTS[name] },
      ]);
      expect(container.env).toContainEqual({ name: 'MANAGEMENT_PORT', value: String(DEFAULT_MANAGEMENT_PORTS[name]) });
      expect(template.metadata?.annotations?.['prometheus.io/port']).toBe(String(DEFAULT_MANAGEMENT_PORTS[name]));
    }
    for (const service of manifests.filter((m) => m.kind === 'Service')) {
      for (const port of service.spec!.ports!) expect(port.targetPort).toBe('http');
    }
  });

  it('keeps the simulator out of the production base', () => {
    const names = render('deploy/base').filter((m) => m.kind === 'Deployment').map((m) => m.metadata.name);
    expect(names).not.toContain('operator-simulator');
  });

  it('runs the same services, a migration and a seed in docker compose', () => {
    const compose = parse(readFileSync(join(WORKSPACE_ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { build?: { args?: { APP?: string } }; environment?: Record<string, string> }>;
    };
    for (const service of SERVICES) {
      expect(compose.services[service]?.build?.args?.APP).toBe(service);
      expect(compose.services[service]?.environment?.MANAGEMENT_PORT).toBe(String(DEFAULT_MANAGEMENT_PORTS[service]));
    }
    expect(compose.services.migrate.build?.args?.APP).toBe('admin-cli');
    expect(compose.services.seed.build?.args?.APP).toBe('admin-cli');
  });
});
