import Fastify from 'fastify';
import { metricsRegistry } from '../metrics';
import { measureHttpRequests } from './http-metrics';

/** The request histogram behind the 5xx-rate and p99 alerts, as Prometheus reads it. */
describe('measureHttpRequests', () => {
  const app = Fastify();
  measureHttpRequests(app);
  app.get('/v1/payments/:id', async (request, reply) => ((request.params as { id: string }).id === 'boom' ? reply.status(503).send({}) : { ok: true }));
  app.get('/health/ready', async () => ({ status: 'ok' }));
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const count = async (labels: string) => {
    const text = await metricsRegistry.getSingleMetricAsString('momo_http_request_duration_seconds');
    const line = text.split('\n').find((l) => l.startsWith(`momo_http_request_duration_seconds_count{${labels}} `));
    return line === undefined ? 0 : Number(line.split(' ').pop());
  };

  it('counts requests by route template and status, not by raw URL', async () => {
    await app.inject({ method: 'GET', url: '/v1/payments/a1' });
    await app.inject({ method: 'GET', url: '/v1/payments/b2' });
    await app.inject({ method: 'GET', url: '/v1/payments/boom' });
    expect(await count('method="GET",route="/v1/payments/:id",status_code="200"')).toBe(2);
    expect(await count('method="GET",route="/v1/payments/:id",status_code="503"')).toBe(1);
    const text = await metricsRegistry.getSingleMetricAsString('momo_http_request_duration_seconds');
    expect(text).not.toContain('a1');
  });

  it('puts requests that matched no route under one label and leaves probes out', async () => {
    await app.inject({ method: 'GET', url: '/no/such/thing' });
    await app.inject({ method: 'GET', url: '/health/ready' });
    expect(await count('method="GET",route="unmatched",status_code="404"')).toBe(1);
    expect(await metricsRegistry.getSingleMetricAsString('momo_http_request_duration_seconds')).not.toContain('/health');
  });
});
