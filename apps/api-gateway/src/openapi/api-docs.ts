import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import { ApiGatewayConfig } from '../api-gateway.config';

const DESCRIPTION = `
Mobile-money payments in Rwanda (MTN MoMo 078/079, Airtel Money 072/073), RWF only.

**Keys.** Send \`Authorization: Bearer <key>\`. App keys (\`sk_test_…\`, \`sk_live_…\`) move money and read their
app's transactions; account keys (\`ak_test_…\`, \`ak_live_…\`) manage apps. The key's mode decides the mode of
everything it creates and sees.

**Envelopes.** Success: \`{"success": true, "data": …}\`, lists add \`pagination\`. Error:
\`{"status": "error", "message", "timestamp", "code", "details"?}\` with a stable \`code\` (see docs/errors.md).

**Idempotency.** POSTs that create something take \`Idempotency-Key\`; a retry with the same key and body gets the
first answer with \`Idempotent-Replayed: true\`. Answers you are told to retry (429, 502, 503) are not stored, so
the retry runs again and can never create a second transaction.

**Rate limits.** Per key per minute, reads and writes apart; every authenticated answer carries
\`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\`; requests refused before they reach an endpoint
(bad JSON, 413, 415, 404, 405) count too.

**Versioning.** Within /v1 changes are additive only: new endpoints, optional fields, response fields, event types,
error codes. Nothing is removed, renamed or retyped; ignore what you do not know. A deprecation is announced, marked
\`deprecated\` here, signalled on answers with \`Deprecation\` (RFC 9745) and later \`Sunset\` (RFC 8594) headers, and
keeps working for at least 12 months (docs/api.md, "Versioning and deprecation").

**Request ids.** Every answer carries \`X-Request-Id\`: the one you sent (8–128 letters, digits, \`. _ : @ -\`), or one
we made. Quote it to support. The request that created a transaction keeps its id for the transaction's whole life:
every webhook delivery about it carries it as \`X-Service-Request-Id\` (next to \`X-Service-Event\`,
\`X-Service-Delivery\` and \`X-Service-Signature\`; see docs/webhooks.md).
`.trim();

export function buildOpenApiDocument(app: NestFastifyApplication, config: ApiGatewayConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Mobile-money gateway API')
    .setVersion('v1')
    .setDescription(DESCRIPTION)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'An app key (sk_…) or account key (ak_…).' })
    .addServer(config.PUBLIC_BASE_URL ?? '/');
  const document = SwaggerModule.createDocument(app, builder.build());
  // Only the merchant API; health and metrics are for operators.
  document.paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => path.startsWith('/v1/')));
  return document;
}

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Mobile-money gateway API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="api"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script>
</body></html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#api', deepLinking: true });`;

/** Serves the document at /openapi.json and a Swagger UI page at /docs (assets from swagger-ui-dist, no CDN). */
export function serveApiDocs(app: NestFastifyApplication, config: ApiGatewayConfig): void {
  const document = JSON.stringify(buildOpenApiDocument(app, config));
  const assets = new Map(Object.entries(ASSETS).map(([file, type]) => [file, { type, body: readFileSync(join(getAbsoluteFSPath(), file)) }]));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/openapi.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(document));
  fastify.get('/docs', (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  fastify.get('/docs/assets/init.js', (_request, reply) => reply.type('application/javascript; charset=utf-8').send(INIT));
  fastify.get<{ Params: { file: string } }>('/docs/assets/:file', (request, reply) => {
    const asset = assets.get(request.params.file);
    if (!asset) return reply.callNotFound();
    return reply.type(asset.type).header('Cache-Control', 'public, max-age=86400').send(asset.body);
  });
}
