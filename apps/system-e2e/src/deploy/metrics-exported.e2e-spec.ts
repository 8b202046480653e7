import { SERVICES, startTestSystem, TestSystem, waitFor } from '@momo/testing';
import { alertRules, dashboardExpressions, metricNames } from './monitoring';

/**
 * The alerts and the dashboard read only series that exist: every metric they name is declared
 * on /metrics by at least one running service (the whole stack, as processes).
 */
describe('metrics behind the alerts and the dashboard', () => {
  let system: TestSystem;
  const declared = new Map<string, string>(); // metric -> service declaring it
  // The operator simulator is a test double of the operators, not part of production: no /metrics.
  const PRODUCTION = SERVICES.filter((s) => s !== 'operator-simulator');
  const scrape = async (service: (typeof SERVICES)[number]) => {
    const res = await fetch(`${system.stack.managementUrl(service)}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    // Every service, the on-call console included.
    system = await startTestSystem('metrics-exported', { services: SERVICES });
  });
  afterAll(() => system?.stop());

  it('are all exported by the running services', async () => {
    // One payment through the system, so request and settlement series carry samples too.
    const created = await system.api<{ data: { id: string } }>('POST', '/v1/payments', { body: { amount: 1500, msisdn: '0788123456', reference: 'metrics-1' } });
    expect(created.status).toBe(201);
    await waitFor(async () => ((await system.api<{ data: { status: string } }>('GET', `/v1/payments/${created.body.data.id}`)).body.data.status === 'succeeded' ? true : undefined), { timeoutMs: 30_000 });

    for (const service of PRODUCTION) {
      for (const match of (await scrape(service)).matchAll(/^# TYPE (\S+) \S+$/gm)) if (!declared.has(match[1])) declared.set(match[1], service);
    }
    const wanted = new Set([...alertRules().flatMap((r) => metricNames(r.expr)), ...dashboardExpressions().flatMap((q) => metricNames(q.expr))]);
    expect(wanted.size).toBeGreaterThan(15);
    const missing = [...wanted].filter((name) => !declared.has(name));
    expect(missing).toEqual([]);
  });

  it('measure real requests by route template on the gateway', async () => {
    const text = await scrape('api-gateway');
    expect(text).toMatch(/^momo_http_request_duration_seconds_count\{method="POST",route="\/v1\/payments",status_code="201"\} [1-9]/m);
    expect(text).toMatch(/^momo_http_request_duration_seconds_count\{method="GET",route="\/v1\/payments\/:id",status_code="200"\} [1-9]/m);
  });
});
