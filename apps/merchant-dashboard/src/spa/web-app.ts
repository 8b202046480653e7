import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorEnvelope } from '@momo/platform';

/** The built single-page app: dist/apps/merchant-dashboard-web beside this service's own dist folder. */
export function webRoot(configured: string | undefined): string {
  return configured ?? join(__dirname, '..', '..', '..', 'merchant-dashboard-web');
}

/**
 * Pages: scripts and styles only from this origin (Mantine sets inline styles), no framing, no
 * referrer, nothing sent anywhere else.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** Paths that are never a page of the app: the API, assets, and what lives on other ports or services. */
const NOT_PAGES = /^\/(dashboard-api|assets|health|metrics|v1)(\/|\?|$)/;

/**
 * Serves the SPA: hashed assets from /assets/ (cached for a year), and index.html for every other
 * GET that is not the API, so deep links (/transactions/…) load the app, which routes itself.
 */
export async function serveWebApp(app: NestFastifyApplication, root: string): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
  });
  const assets = join(root, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic as never, { root: assets, prefix: '/assets/', decorateReply: false, immutable: true, maxAge: '365d' });
  }
  const indexFile = join(root, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile) : null;
  const favicon = join(root, 'favicon.svg');
  const faviconBody = existsSync(favicon) ? readFileSync(favicon) : null;
  fastify.get('/favicon.svg', (_request: FastifyRequest, reply: FastifyReply) =>
    faviconBody ? reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(faviconBody) : reply.status(404).send(),
  );
  fastify.get('/*', (request: FastifyRequest, reply: FastifyReply) => {
    if (NOT_PAGES.test(request.url)) {
      const error = ApiError.of('ROUTE_NOT_FOUND');
      return reply.status(error.httpStatus).send(errorEnvelope(error));
    }
    if (!index) return reply.status(503).type('text/plain; charset=utf-8').send('The dashboard web app is not built: run npx nx run-many -t build.');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .send(index);
  });
}
