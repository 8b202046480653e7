import type { Bindings, Level, Logger } from 'pino';
import { Store } from 'nestjs-pino/storage';

const LEVELS: ReadonlySet<string> = new Set<Level>(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);
const ignore = (): void => undefined;

/**
 * nestjs-pino's context store (what `PinoLogger` writes through inside a request or a job), its
 * child logger made on first use. With our redaction a pino child costs about 9 µs to make
 * (every binding goes through the wildcard paths, logged or not), and most requests and jobs log
 * nothing at the level in force: until something is written at an enabled level, the store hands
 * out a stand-in that drops disabled levels without making the child.
 */
export class LazyLoggerStore extends Store {
  #made: Logger | undefined;
  #standIn: Logger | undefined;
  readonly #root: Logger;
  readonly #bindings: () => Bindings;

  constructor(root: Logger, bindings: () => Bindings) {
    super(undefined as unknown as Logger);
    this.#root = root;
    this.#bindings = bindings;
  }

  // An accessor on the prototype, not a field: Store's constructor assigns `logger` (undefined)
  // before this class's fields exist, and nestjs-pino's `assign` replaces it with a child of it.
  static {
    Object.defineProperty(this.prototype, 'logger', {
      get(this: LazyLoggerStore): Logger {
        return this.#made ?? (this.#standIn ??= this.standIn());
      },
      set(this: LazyLoggerStore, logger: Logger | undefined) {
        if (logger !== undefined) this.#made = logger;
      },
    });
  }

  private made(): Logger {
    return (this.#made ??= this.#root.child(this.#bindings()));
  }

  private standIn(): Logger {
    return new Proxy(this.#root, {
      get: (_root, property) => {
        if (typeof property === 'string' && LEVELS.has(property) && !this.#root.isLevelEnabled(property)) return ignore;
        const logger = this.made();
        const value: unknown = Reflect.get(logger, property);
        return typeof value === 'function' ? value.bind(logger) : value;
      },
    });
  }
}
