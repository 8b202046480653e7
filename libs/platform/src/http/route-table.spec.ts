import Fastify from 'fastify';
import { RouteTable } from './route-table';

describe('RouteTable', () => {
  it('knows which methods each registered path accepts', async () => {
    const fastify = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    const routes = new RouteTable();
    routes.attachTo(fastify);
    fastify.get('/v1/payments', async () => ({}));
    fastify.post('/v1/payments', async () => ({}));
    fastify.get('/v1/payments/:id', async () => ({}));
    fastify.post('/v1/payments/:id/refund', async () => ({}));
    fastify.route({ method: ['GET', 'PATCH'], url: '/v1/apps/:id', handler: async () => ({}) });
    await fastify.ready();
    expect(routes.allowedMethods('/v1/payments?limit=1')).toEqual(['GET', 'HEAD', 'POST']);
    expect(routes.allowedMethods('/v1/payments/')).toEqual(['GET', 'HEAD', 'POST']);
    expect(routes.allowedMethods('/v1/payments/abc')).toEqual(['GET', 'HEAD']);
    expect(routes.allowedMethods('/v1/payments/abc/refund')).toEqual(['POST']);
    expect(routes.allowedMethods('/v1/apps/x')).toEqual(['GET', 'HEAD', 'PATCH']);
    expect(routes.allowedMethods('/v1/nothing')).toEqual([]);
    expect(routes.allowedMethods('/v1/payments/a/b')).toEqual([]);
    await fastify.close();
  });
});
