import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ConsoleAudit } from '../audit/console-audit.service';
import { ConsoleSessions } from './console-sessions.service';
import { cookieValue, SESSION_COOKIE } from './cookies';
import { SignedInRequest, signedInOf } from './signed-in';

/** Reachable without a session. */
const PUBLIC_PATHS = /^\/(login|assets\/|favicon\.ico$)/;
/** The full bull-board: operators only. Viewers get the read-only board at /queues-readonly. */
const FULL_BOARD = /^\/queues(\/|$)/;
const ANY_BOARD = /^\/queues(-readonly)?(\/|$)/;

/**
 * One gate in front of every route, pages and bull-board alike: a valid session or a redirect to
 * sign in; the operator role for anything that changes state; the session's CSRF token on every
 * form post (bull-board's own API calls are JSON from the same origin: checked by Origin, and the
 * SameSite=Strict cookie is never sent by another site). Denials are audited.
 */
export function installAccessControl(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const sessions = app.get(ConsoleSessions);
  const audit = app.get(ConsoleAudit);

  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    void reply.header('cache-control', 'no-store');
    void reply.header('x-frame-options', 'DENY');
    void reply.header('referrer-policy', 'same-origin');
    if (PUBLIC_PATHS.test(path)) return;
    const token = cookieValue(request.headers.cookie, SESSION_COOKIE);
    const session = token ? await sessions.resolve(token) : null;
    if (!session || !token) {
      if (isRead(request) && !path.includes('/api/')) return reply.redirect(`/login?next=${encodeURIComponent(request.url)}`, 303);
      return reply.code(401).type('application/json').send(envelope('UNAUTHENTICATED', 'Sign in to the console first.'));
    }
    const signedIn: SignedInRequest = { session, token, ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
    (request.raw as { console?: SignedInRequest }).console = signedIn;

    if (FULL_BOARD.test(path) && session.operator.role !== 'operator') {
      if (isRead(request) && !path.startsWith('/queues/api/')) return reply.redirect(`/queues-readonly${path.slice('/queues'.length)}`, 303);
      await audit.record(signedIn, `queues ${request.method} ${path}`, path, 'denied', { reason: 'viewer role' });
      return reply.code(403).type('application/json').send(envelope('FORBIDDEN', 'Your role can look but not change anything.'));
    }
    if (ANY_BOARD.test(path) && !isRead(request) && !sameOrigin(request)) {
      await audit.record(signedIn, `queues ${request.method} ${path}`, path, 'denied', { reason: 'cross-origin' });
      return reply.code(403).type('application/json').send(envelope('FORBIDDEN', 'Cross-origin request refused.'));
    }
  });

  // Form posts of the console's own pages carry the session's CSRF token (checked once the body is parsed).
  fastify.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const signedIn = signedInOf(request);
    if (!signedIn || isRead(request) || ANY_BOARD.test(pathOf(request))) return;
    const sent = (request.body as Record<string, unknown> | undefined)?._csrf;
    if (sent !== signedIn.session.csrfToken) {
      await audit.record(signedIn, `${request.method} ${pathOf(request)}`, null, 'denied', { reason: 'csrf token missing or wrong' });
      return reply.code(403).type('text/html; charset=utf-8').send('<p>This form has expired. Go back, reload the page and try again.</p>');
    }
  });

  // bull-board's changes (retry, promote, clean, remove, pause…) are audited with their outcome.
  fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const signedIn = signedInOf(request);
    const path = pathOf(request);
    if (!signedIn || isRead(request) || !path.startsWith('/queues/api/') || reply.statusCode === 403) return;
    await audit.record(signedIn, `queues ${request.method} ${path.slice('/queues/api'.length)}`, path, reply.statusCode < 400 ? 'ok' : 'failed', { status: reply.statusCode });
  });
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0];
}

function isRead(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser cross-site request (those always send Origin on non-GET)
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function envelope(code: string, message: string) {
  return { status: 'error', code, message, timestamp: new Date().toISOString() };
}
