import { Writable } from 'node:stream';
import pino from 'pino';
import { PinoLogger } from 'nestjs-pino';
import { storage } from 'nestjs-pino/storage';
import { LazyLoggerStore } from './lazy-logger-store';

describe('a request or job context logger made on first use', () => {
  function rootLogger(): { root: pino.Logger; lines: () => Record<string, unknown>[] } {
    const chunks: string[] = [];
    const stream = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) });
    return { root: pino({ level: 'info' }, stream), lines: () => chunks.join('').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
  }

  it('is not made while nothing logs', () => {
    const { root } = rootLogger();
    let made = 0;
    const store = new LazyLoggerStore(root, () => (made++, { jobId: 'job-1' }));
    storage.run(store, () => undefined);
    expect(made).toBe(0);
  });

  it('is not made for lines below the level in force, which are dropped', () => {
    const { root, lines } = rootLogger();
    let made = 0;
    const logger = new PinoLogger({});
    storage.run(new LazyLoggerStore(root, () => (made++, { jobId: 'job-1' })), () => {
      logger.debug({ step: 1 }, 'below the level');
      logger.trace('further below');
    });
    expect(made).toBe(0);
    expect(lines()).toEqual([]);
  });

  it('writes what the level lets through once the level is lowered', () => {
    const { root, lines } = rootLogger();
    const logger = new PinoLogger({});
    const store = new LazyLoggerStore(root, () => ({ jobId: 'job-1' }));
    storage.run(store, () => {
      logger.debug('dropped');
      root.level = 'debug';
      logger.debug('written');
    });
    expect(lines()).toEqual([expect.objectContaining({ jobId: 'job-1', level: 20, msg: 'written' })]);
    expect(store.logger.isLevelEnabled('debug')).toBe(true);
  });

  it('carries its bindings on every line written in the context, and is made once', () => {
    const { root, lines } = rootLogger();
    let made = 0;
    const store = new LazyLoggerStore(root, () => (made++, { queue: 'payments', jobId: 'job-1' }));
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
    storage.run(new LazyLoggerStore(root, () => ({ jobId: 'job-1' })), () => {
      logger.assign({ transactionId: 'tx-1' });
      logger.info('after');
    });
    expect(lines()).toEqual([expect.objectContaining({ jobId: 'job-1', transactionId: 'tx-1', msg: 'after' })]);
  });
});
