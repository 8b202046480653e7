import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import * as k8s from 'kubernetes-models';
import { PrometheusRule, ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { ensureHelm, SERVICES, WORKSPACE_ROOT } from '@momo/testing';
import { CHART, CHART_SERVICES, Manifest, MANAGEMENT_PORTS, named, renderChart } from './chart';

type Model = { validate(): void };
type ModelClass = new (data: unknown) => Model;

/** The kubernetes-models class for a rendered object (Kubernetes 1.27 schemas, shipped in the package). */
function modelFor(m: Manifest): ModelClass {
  if (m.apiVersion === 'monitoring.coreos.com/v1') return ({ ServiceMonitor, PrometheusRule } as Record<string, ModelClass>)[m.kind];
  const [group, version] = m.apiVersion.includes('/') ? m.apiVersion.split('/') : ['', m.apiVersion];
  // The package names groups in camel case: networking.k8s.io -> networkingK8sIo; the core group is v1.
  const models = k8s as unknown as Record<string, Record<string, Record<string, ModelClass>>>;
  const byVersion = group === '' ? (k8s as unknown as Record<string, Record<string, ModelClass>>)[version] : models[group.replace(/\.([a-z0-9])/g, (_, c: string) => c.toUpperCase())]?.[version];
  const found = byVersion?.[m.kind];
  if (!found) throw new Error(`no schema for ${m.apiVersion} ${m.kind}`);
  return found;
}

/** What a platform team installs: the Helm chart, rendered by helm and checked object by object. */
describe('the Helm chart', () => {
  const production = renderChart();
  const sandbox = renderChart(['values-sandbox.yaml']);

  it.each([
    ['production', production],
    ['sandbox', sandbox],
  ])('renders %s manifests that all validate against the Kubernetes schemas', (_name, manifests) => {
    expect(manifests.length).toBeGreaterThan(40);
    for (const manifest of manifests) {
      const Model = modelFor(manifest);
      expect(() => new Model(manifest).validate()).not.toThrow();
    }
  });

  it('passes helm lint with the production and the sandbox values', () => {
    for (const values of [[], ['-f', join(CHART, 'values-sandbox.yaml')]]) {
      expect(execFileSync(ensureHelm(), ['lint', CHART, ...values], { encoding: 'utf8' })).toContain('0 chart(s) failed');
    }
  });

  it('rejects a malformed object (the validation is real)', () => {
    const deployment = structuredClone(named(production, 'Deployment', 'api-gateway')!);
    deployment.spec.template.spec.containers[0].ports[0].containerPort = 'three thousand';
    expect(() => new (modelFor(deployment))(deployment).validate()).toThrow(/containerPort/);
  });

  it('deploys every service on its own: Deployment, Service, autoscaler, disruption budget, network policy, scrape config', () => {
    const deployments = sandbox.filter((m) => m.kind === 'Deployment').map((m) => m.metadata.name).sort();
    expect(deployments).toEqual(CHART_SERVICES);
    for (const name of CHART_SERVICES) {
      for (const kind of ['Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy', 'ServiceMonitor']) {
        expect([name, kind, named(sandbox, kind, name) !== undefined]).toEqual([name, kind, true]);
      }
      expect(named(sandbox, 'HorizontalPodAutoscaler', name)!.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(named(sandbox, 'ServiceMonitor', name)!.spec.endpoints).toEqual([expect.objectContaining({ port: 'management', path: '/metrics' })]);
      expect(named(sandbox, 'PodDisruptionBudget', name)!.spec.selector.matchLabels).toEqual(named(sandbox, 'Deployment', name)!.spec.selector.matchLabels);
    }
  });

  it('runs each container as its service, probed on the management port, with requests and limits', () => {
    for (const name of CHART_SERVICES) {
      const pod = named(sandbox, 'Deployment', name)!.spec.template.spec;
      const [container] = pod.containers;
      const env = Object.fromEntries(container.env.filter((e: { value?: string }) => e.value !== undefined).map((e: { name: string; value: string }) => [e.name, e.value]));
      expect(env.APP).toBe(name);
      expect(Number(env.MANAGEMENT_PORT)).toBe(MANAGEMENT_PORTS[name]);
      expect(container.ports).toContainEqual({ name: 'management', containerPort: MANAGEMENT_PORTS[name] });
      expect(container.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'management' });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'management' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'management' });
      expect(container.resources.requests).toEqual(expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }));
      expect(container.resources.limits).toEqual(expect.objectContaining({ cpu: expect.anything(), memory: expect.anything() }));
      expect(pod.securityContext.runAsNonRoot).toBe(true);
    }
  });

  it('keeps the operator simulator out of production and puts it in the sandbox overlay', () => {
    expect(production.filter((m) => m.metadata.name === 'operator-simulator')).toEqual([]);
    expect(named(sandbox, 'Deployment', 'operator-simulator')).toBeDefined();
    expect(named(sandbox, 'ConfigMap', 'momo-config')!.data!.MTN_TEST_BASE_URL).toBe('http://operator-simulator:3005/mtn');
    // The sandbox never receives live operator credentials.
    const adapter = named(sandbox, 'Deployment', 'operator-adapter')!.spec.template.spec.containers[0];
    expect(JSON.stringify(adapter.envFrom)).not.toContain('momo-operator-credentials');
  });

  it('migrates as a pre-install/pre-upgrade hook running admin-cli migrate', () => {
    const job = named(production, 'Job', 'momo-migrate')!;
    expect(job.metadata.annotations!['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const [container] = job.spec.template.spec.containers;
    expect(container.args).toEqual(['migrate']);
    expect(container.env).toContainEqual({ name: 'APP', value: 'admin-cli' });
    expect(container.env).toContainEqual({ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'momo-secrets', key: 'DATABASE_URL' } } });
  });

  it('keeps secrets out of config: only Secret references, never a secret setting in a ConfigMap', () => {
    const secretKeys = new Set<string>();
    for (const deployment of production.filter((m) => m.kind === 'Deployment')) {
      for (const e of deployment.spec.template.spec.containers[0].env) if (e.valueFrom?.secretKeyRef) secretKeys.add(e.name);
    }
    expect([...secretKeys].sort()).toEqual(['API_KEY_PEPPER', 'DATABASE_URL', 'REDIS_URL', 'SECRETS_ENCRYPTION_KEY']);
    const config = named(production, 'ConfigMap', 'momo-config')!.data!;
    for (const key of Object.keys(config)) {
      expect(secretKeys.has(key)).toBe(false);
      expect(key).not.toMatch(/PEPPER|ENCRYPTION|SECRET|PASSWORD|API_KEY|API_USER|SUBSCRIPTION_KEY|CLIENT_ID|_PIN|TOKEN|DATABASE_URL|REDIS_URL/);
    }
    expect(production.filter((m) => m.kind === 'Secret')).toEqual([]);
    // Only operator-adapter reads the operator credentials.
    const readers = production.filter((m) => m.kind === 'Deployment' && JSON.stringify(m.spec.template.spec.containers[0].envFrom).includes('momo-operator-credentials'));
    expect(readers.map((m) => m.metadata.name)).toEqual(['operator-adapter']);
  });

  it('publishes only the gateway, the dashboard and the operators callback route', () => {
    const routes = production
      .filter((m) => m.kind === 'Ingress')
      .flatMap((m) => m.spec.rules.flatMap((r: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }) => r.http.paths.map((p) => `${p.backend.service.name} ${p.path}`)))
      .sort();
    expect(routes).toEqual(['api-gateway /', 'merchant-dashboard /', 'operator-adapter /callbacks']);
  });

  it('denies all traffic by default and opens only what each service needs', () => {
    const deny = named(production, 'NetworkPolicy', 'momo-default-deny')!;
    expect(deny.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(deny.spec.ingress).toBeUndefined();
    expect(deny.spec.egress).toBeUndefined();
    const datastores = JSON.stringify(named(production, 'NetworkPolicy', 'momo-datastores')!.spec.egress);
    expect(datastores).toContain('"port":5432');
    expect(datastores).toContain('"port":6379');

    const fromIngressController = (name: string) => JSON.stringify(named(production, 'NetworkPolicy', name)!.spec.ingress ?? []).includes('ingress-nginx');
    const reachesInternet = (name: string) => JSON.stringify(named(production, 'NetworkPolicy', name)!.spec.egress ?? []).includes('0.0.0.0/0');
    const published = CHART_SERVICES.filter((s) => named(production, 'NetworkPolicy', s) && fromIngressController(s));
    expect(published).toEqual(['api-gateway', 'merchant-dashboard', 'operator-adapter']);
    const outbound = CHART_SERVICES.filter((s) => named(production, 'NetworkPolicy', s) && reachesInternet(s));
    expect(outbound).toEqual(['operator-adapter', 'webhook-dispatcher']);
    // Operators on HTTPS only; webhook receivers on any port (their URL decides).
    expect(named(production, 'NetworkPolicy', 'operator-adapter')!.spec.egress[0].ports).toEqual([{ protocol: 'TCP', port: 443 }]);
    // Every service admits Prometheus on its management port.
    for (const name of CHART_SERVICES.filter((s) => s !== 'operator-simulator')) {
      expect(named(production, 'NetworkPolicy', name)!.spec.ingress[0].ports).toEqual([{ protocol: 'TCP', port: MANAGEMENT_PORTS[name] }]);
    }
  });

  it('lets the sandbox simulator talk only with operator-adapter', () => {
    const selectorOf = (name: string) => ({ podSelector: { matchLabels: { 'app.kubernetes.io/instance': 'momo', 'app.kubernetes.io/name': name } } });
    const simulator = named(sandbox, 'NetworkPolicy', 'operator-simulator')!.spec;
    expect(simulator.ingress[1]).toEqual({ from: [selectorOf('operator-adapter')], ports: [{ protocol: 'TCP', port: 3005 }] });
    expect(simulator.egress).toEqual([{ to: [selectorOf('operator-adapter')], ports: [{ protocol: 'TCP', port: 3002 }] }]);
    expect(named(sandbox, 'NetworkPolicy', 'operator-adapter')!.spec.egress).toContainEqual({ to: [selectorOf('operator-simulator')], ports: [{ protocol: 'TCP', port: 3005 }] });
    expect(JSON.stringify(named(production, 'NetworkPolicy', 'operator-adapter')!.spec)).not.toContain('operator-simulator');
  });

  it('rolls one service out (or back) on its own: a tag for one service changes only its Deployment', () => {
    const upgraded = renderChart([], ['services.payments-core.image.tag=1.4.2']);
    const image = (ms: Manifest[], name: string) => named(ms, 'Deployment', name)!.spec.template.spec.containers[0].image;
    expect(image(upgraded, 'payments-core')).toBe('registry.example.com/momo-gateway:1.4.2');
    for (const name of CHART_SERVICES.filter((s) => s !== 'payments-core' && s !== 'operator-simulator')) {
      expect(named(upgraded, 'Deployment', name)).toEqual(named(production, 'Deployment', name));
    }
  });

  it('ships the alert rules with absolute runbook links and the dashboard', () => {
    const rule = named(production, 'PrometheusRule', 'momo-alerts')!;
    const alerts = rule.spec.groups.flatMap((g: { rules: { annotations: Record<string, string> }[] }) => g.rules);
    expect(alerts.length).toBeGreaterThan(10);
    for (const alert of alerts) expect(alert.annotations.runbook_url).toMatch(/^https:\/\/git\.example\.com\/momo-gateway\/-\/blob\/main\/docs\/runbooks\/[a-z0-9-]+\.md$/);
    const dashboard = named(production, 'ConfigMap', 'momo-grafana-dashboard')!;
    expect(JSON.parse(dashboard.data!['momo-gateway.json']).uid).toBe('momo-gateway');
  });
});

describe('docker compose', () => {
  it('runs the same services, a migration and a seed', () => {
    const compose = parse(readFileSync(join(WORKSPACE_ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { build?: { args?: { APP?: string } } }>;
    };
    for (const service of SERVICES) expect(compose.services[service]?.build?.args?.APP).toBe(service);
    expect(compose.services.migrate.build?.args?.APP).toBe('admin-cli');
    expect(compose.services.seed.build?.args?.APP).toBe('admin-cli');
  });
});
