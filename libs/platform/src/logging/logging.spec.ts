import { Writable } from 'node:stream';
import { EventEmitter } from 'node:events';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import { pinoHttpOptions } from './logging.module';

/** What a service's logger writes, with the service's own options. */
function logLines(write: (logger: pino.Logger) => void): string {
  const chunks: string[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
  const { level, redact, serializers } = pinoHttpOptions({ LOG_LEVEL: 'info', LOG_PRETTY: 'false' });
  write(pino({ level, redact, serializers }, stream));
  return chunks.join('');
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

  it('write one access line per request, and bind the request to lines written during it', () => {
    const chunks: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
    const middleware = pinoHttp(pinoHttpOptions({ LOG_LEVEL: 'info', LOG_PRETTY: 'false' }), stream);
    const req = Object.assign(new EventEmitter(), { id: 'req-1', method: 'GET', url: '/v1/payments?msisdn=250788123456', headers: {} });
    const res = Object.assign(new EventEmitter(), { statusCode: 200, writableEnded: true, headersSent: true, getHeaders: () => ({}) });
    middleware(req as never, res as never, () => undefined);
    (req as unknown as { log: pino.Logger }).log.info('inside the request');
    res.emit('finish');
    const lines = chunks.join('').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const expectedReq = { id: 'req-1', method: 'GET', url: '/v1/payments?msisdn=25078****456' };
    expect(lines).toEqual([
      expect.objectContaining({ req: expectedReq, msg: 'inside the request' }),
      expect.objectContaining({ req: expectedReq, res: { statusCode: 200, headers: {} }, msg: 'request completed' }),
    ]);
    expect(lines[1]).toHaveProperty('responseTime');
  });
});
