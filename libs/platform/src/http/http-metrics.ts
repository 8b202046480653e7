import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import { metricsRegistry } from '../metrics';

/**
 * Every answered HTTP request by method, route template and status: the series behind the 5xx
 * rate and p99 latency alerts. The route is the template (`/v1/payments/:id`), never the raw URL,
 * so the label set stays small; requests that matched no route share `unmatched`.
 */
export const httpRequestSeconds = new Histogram({
  name: 'momo_http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route template and status code, with the time to answer.',
  labelNames: ['method', 'route', 'status_code'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
  registers: [metricsRegistry],
});

/** Probes and scrapes are not traffic: they would drown the latency of real requests. */
const NOT_TRAFFIC = /^\/(metrics|health)(\/|$)/;

export function measureHttpRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (!NOT_TRAFFIC.test(route)) {
      httpRequestSeconds.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    }
    done();
  });
}
