import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { HealthProbe } from '../health/health-probe';
import { metricsRegistry } from '../metrics/metrics';

export interface ManagementServer {
  readonly port: number;
  /** From now on readiness answers 503, so the load balancer stops sending traffic while in-flight work finishes. */
  markStopping(): void;
  close(): Promise<void>;
}

/**
 * The operator surface of a service, on its own port (MANAGEMENT_PORT), never on the port
 * merchants, operators or browsers reach: `/health/live`, `/health/ready` (Postgres and Redis,
 * for services that use them) and `/metrics` (Prometheus). Kubernetes probes and Prometheus
 * scrape this port; it is not exposed outside the cluster. Any Nest application (HTTP service or
 * worker) gets it with one call; `runService` makes that call for every service.
 */
export async function serveManagement(app: INestApplicationContext, port: number, host: string): Promise<ManagementServer> {
  const probe = findHealthProbe(app);
  const state = { stopping: false };
  const server = createServer((request, response) => {
    void answer(request, response, probe, state).catch(() => send(response, 500, 'application/json', '{"status":"error"}'));
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    markStopping: () => {
      state.stopping = true;
    },
    close: () => closeServer(server),
  };
}

async function answer(request: IncomingMessage, response: ServerResponse, probe: HealthProbe | undefined, state: { stopping: boolean }): Promise<void> {
  const path = (request.url ?? '/').split('?')[0].replace(/\/+$/, '') || '/';
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('Allow', 'GET, HEAD');
    return send(response, 405, 'application/json', '{"status":"error","code":"METHOD_NOT_ALLOWED"}');
  }
  switch (path) {
    case '/health/live':
      return send(response, 200, 'application/json', '{"status":"ok"}');
    case '/health/ready': {
      if (state.stopping) return send(response, 503, 'application/json', '{"status":"stopping"}');
      const readiness = probe ? await probe.readiness() : { ready: true, body: { status: 'ok' } };
      return send(response, readiness.ready ? 200 : 503, 'application/json', JSON.stringify(readiness.body));
    }
    case '/metrics':
      return send(response, 200, metricsRegistry.contentType, await metricsRegistry.metrics());
    default:
      return send(response, 404, 'application/json', '{"status":"error","code":"ROUTE_NOT_FOUND"}');
  }
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

function findHealthProbe(app: INestApplicationContext): HealthProbe | undefined {
  try {
    return app.get(HealthProbe);
  } catch {
    return undefined; // a service without HealthModule: ready as soon as it answers
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
