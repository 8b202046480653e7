import { Writable } from 'node:stream';
import pino from 'pino';
import { PinoLogger } from 'nestjs-pino';
import { storage } from 'nestjs-pino/storage';
import { LazyLoggerStore } from './lazy-logger-store';

describe('a job context logger made on first use', () => {
  function rootLogger(): { root: pino.Logger; lines: () => Record<string, unknown>[] } {
    const chunks: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
    return { root: pino({ level: 'info' }, stream), lines: () => chunks.join('').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
  }

  it('is not made while nothing logs', () => {
    const { root } = rootLogger();
    let made = 0;
    const store = new LazyLoggerStore(() => (made++, root.child({ jobId: 'job-1' })));
    storage.run(store, () => undefined);
    expect(made).toBe(0);
  });

  it('carries its bindings on every line written in the context, and is made once', () => {
    const { root, lines } = rootLogger();
    let made = 0;
    const store = new LazyLoggerStore(() => (made++, root.child({ queue: 'payments', jobId: 'job-1' })));
    const logger = new PinoLogger({});
    storage.run(store, () => {
      logger.info('first');
      logger.info({ step: 2 }, 'second');
    });
    expect(made).toBe(1);
    expect(lines()).toEqual([expect.objectContaining({ queue: 'payments', jobId: 'job-1', msg: 'first' }), expect.objectContaining({ jobId: 'job-1', step: 2, msg: 'second' })]);
  });

  it('keeps fields assigned in the context (PinoLogger.assign)', () => {
    const { root, lines } = rootLogger();
    const logger = new PinoLogger({});
    storage.run(new LazyLoggerStore(() => root.child({ jobId: 'job-1' })), () => {
      logger.assign({ transactionId: 'tx-1' });
      logger.info('after');
    });
    expect(lines()).toEqual([expect.objectContaining({ jobId: 'job-1', transactionId: 'tx-1', msg: 'after' })]);
  });
});
