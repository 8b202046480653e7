import type { Logger } from 'pino';
import { Store } from 'nestjs-pino/storage';

/**
 * nestjs-pino's context store (what `PinoLogger` writes through inside a job), its logger made on
 * first use. With our redaction a pino child logger costs about 9 µs to make (every binding goes
 * through the wildcard paths, logged or not), and most jobs log nothing.
 */
export class LazyLoggerStore extends Store {
  constructor(makeLogger: () => Logger) {
    super(undefined as unknown as Logger);
    let made: Logger | undefined;
    // Replaces the plain field Store's constructor just set; nestjs-pino's `assign` still sets it.
    Object.defineProperty(this, 'logger', {
      enumerable: true,
      configurable: true,
      get: () => (made ??= makeLogger()),
      set: (logger: Logger) => {
        made = logger;
      },
    });
  }
}
