import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { storage } from 'nestjs-pino/storage';
import { pinoHttpOptions } from './logging.module';
import { logEveryRequest } from './request-logging';

/** What a service's logger writes, with the service's own options. */
function logLines(write: (logger: pino.Logger) => void): string {
  const chunks: string[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
  const { level, redact, serializers } = pinoHttpOptions({ LOG_LEVEL: 'info', LOG_PRETTY: 'false' });
  write(pino({ level, redact, serializers }, stream));
  return chunks.join('');
}

/** A service's root logger as nestjs-pino makes it (pino-http's, with its serializers), writing to memory. */
function serviceRootLogger(level: 'info' | 'warn'): { root: pino.Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
  const root = pinoHttp({ ...pinoHttpOptions({ LOG_LEVEL: level, LOG_PRETTY: 'false' }) }, stream).logger;
  return { root, lines: () => chunks.join('').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('service logs', () => {
  it('mask wallet numbers logged as values and redact secrets', () => {
    const text = logLines((logger) =>
      logger.info({ msisdn: '250788123456', payer: { partyIdType: 'MSISDN', partyId: '250788123456' }, headers: { authorization: 'Bearer sk_live_x' }, webhook_secret: 'whsec' }, 'sent'),
    );
    expect(text).not.toMatch(/250788123456|sk_live_x|whsec"/);
    expect(text).toContain('25078****456');
    expect(text).toContain('[redacted]');
  });

  it('log a failed query without its parameters', () => {
    const error = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      query: 'INSERT INTO transactions (msisdn, description) VALUES ($1, $2)',
      parameters: ['250788123456', 'Jane Doe, 12 Main St'],
      code: '22021',
    });
    const text = logLines((logger) => logger.error({ err: error }, 'unhandled error'));
    expect(text).not.toMatch(/250788123456|Jane Doe/);
    expect(text).toContain('INSERT INTO transactions');
  });

  it('mask wallet numbers in logged request URLs', () => {
    const { serializers } = pinoHttpOptions({ LOG_LEVEL: 'info', LOG_PRETTY: 'false' });
    const req = (serializers as { req: (r: unknown) => { url: string } }).req({ id: 1, method: 'GET', url: '/v1/payments?msisdn=%2B250788123456&reference=0788123456' });
    expect(req.url).toBe('/v1/payments?msisdn=%2B25078****456&reference=078****456');
  });

  it('write one access line per request, and bind the request to lines written during it', async () => {
    const { root, lines } = serviceRootLogger('info');
    const fastify = Fastify({ genReqId: () => 'req-1' });
    logEveryRequest(fastify, () => root);
    fastify.get('/v1/payments', async () => {
      storage.getStore()!.logger.info('inside the request');
      return { ok: true };
    });
    await fastify.inject({ url: '/v1/payments?msisdn=250788123456' });
    const expectedReq = { id: 'req-1', method: 'GET', url: '/v1/payments?msisdn=25078****456' };
    expect(lines()).toEqual([
      expect.objectContaining({ req: expectedReq, msg: 'inside the request' }),
      expect.objectContaining({ req: expectedReq, res: expect.objectContaining({ statusCode: 200 }), responseTime: expect.any(Number), msg: 'request completed' }),
    ]);
  });

  it('say a request errored when it answers 5xx, and write access lines only where asked', async () => {
    const { root, lines } = serviceRootLogger('info');
    const fastify = Fastify();
    logEveryRequest(fastify, () => root, { accessLine: (url) => url.startsWith('/control') });
    fastify.get('/control/fail', async (_request, reply) => reply.status(503).send({}));
    fastify.get('/quiet', async () => ({ ok: true }));
    await fastify.inject({ url: '/control/fail' });
    await fastify.inject({ url: '/quiet' });
    expect(lines()).toEqual([
      expect.objectContaining({ req: expect.objectContaining({ url: '/control/fail' }), res: expect.objectContaining({ statusCode: 503 }), err: expect.objectContaining({ message: 'failed with status code 503' }), msg: 'request errored' }),
    ]);
  });

  it('write no access line above info', async () => {
    const { root, lines } = serviceRootLogger('warn');
    const fastify = Fastify();
    logEveryRequest(fastify, () => root);
    fastify.get('/v1/payments', async () => {
      storage.getStore()!.logger.warn('inside the request');
      return { ok: true };
    });
    await fastify.inject({ url: '/v1/payments' });
    expect(lines()).toEqual([expect.objectContaining({ req: expect.objectContaining({ url: '/v1/payments' }), msg: 'inside the request' })]);
  });
});
