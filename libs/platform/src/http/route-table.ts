import type { FastifyInstance } from 'fastify';

interface KnownRoute {
  method: string;
  pattern: RegExp;
}

/**
 * Every route the service registered, to tell "no such endpoint" (404) from "no such method on
 * this endpoint" (405 with Allow, RFC 9110 §15.5.6). Filled by Fastify's onRoute hook, so it
 * must be attached before any route is registered.
 */
export class RouteTable {
  private readonly routes: KnownRoute[] = [];

  attachTo(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) this.routes.push({ method: String(method).toUpperCase(), pattern: routePattern(route.url) });
    });
  }

  /** The methods some route accepts for this path (request URL, query string ignored). */
  allowedMethods(url: string): string[] {
    const path = url.split('?')[0];
    return [...new Set(this.routes.filter((r) => r.pattern.test(path)).map((r) => r.method))].sort();
  }
}

/** `/v1/payments/:id/refund` -> /^\/v1\/payments\/[^/]+\/refund\/?$/ (trailing slashes are ignored, as by the router). */
function routePattern(url: string): RegExp {
  const segments = url.replace(/\/+$/, '').split('/').map((segment) => {
    if (segment.startsWith(':')) return '[^/]+';
    if (segment === '*') return '.*';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}/?$`);
}
