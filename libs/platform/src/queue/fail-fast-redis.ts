import Redis, { type Command, type RedisOptions } from 'ioredis';
import { redisOptionsFromUrl } from './redis-connection';

export interface FailFastRedisOptions {
  /** A command Redis has not answered in this long fails with "Command timed out". */
  answerWithinMs: number;
  /** Queue commands while disconnected (they still fail after `answerWithinMs`); off: fail at once. */
  offlineQueue?: boolean;
  /** Concurrent commands share one write (ioredis auto-pipelining). */
  autoPipelining?: boolean;
}

/**
 * A Redis connection for calls a request must not hang on (rate-limit counters, budgets, lanes,
 * sessions): one reconnection try per command, and a command timeout.
 *
 * ioredis's own `commandTimeout` is a timer that can fire before a reply already waiting on the
 * socket is read: after the event loop was busy longer than the timeout (a burst of requests, a
 * GC pause), timers run before the socket is polled, so a command Redis answered in a millisecond
 * fails as if Redis were away, and every caller takes its Redis-is-down path (a rate limiter lets
 * everything through). This timeout gives the socket one more poll before it gives up.
 */
export function failFastRedis(url: string, options: FailFastRedisOptions): Redis {
  return new RedisAnsweringWithin(
    {
      ...redisOptionsFromUrl(url),
      maxRetriesPerRequest: 1,
      enableOfflineQueue: options.offlineQueue ?? true,
      enableAutoPipelining: options.autoPipelining ?? false,
    },
    options.answerWithinMs,
  );
}

class RedisAnsweringWithin extends Redis {
  constructor(
    options: RedisOptions,
    private readonly answerWithinMs: number,
  ) {
    super(options);
  }

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    const sent = super.sendCommand(command, stream);
    // Timers run before the poll phase and immediates after it: by the time this immediate runs,
    // a reply that arrived while the loop was busy has been read.
    const timer = setTimeout(() => setImmediate(() => command.reject(new Error('Command timed out'))), this.answerWithinMs).unref();
    const settled = () => clearTimeout(timer);
    command.promise.then(settled, settled);
    return sent;
  }
}

/** How long a process waits at start for its fail-fast connection before it serves anyway. */
export const STARTUP_REDIS_WAIT_MS = 3_000;

/**
 * Waits until `client` is connected, at most `withinMs`; true if it is. A client without the
 * offline queue fails every command until then ("Stream isn't writeable"), so a process that
 * served requests first would take its Redis-is-down path for them (a rate limiter lets them
 * through uncounted): such processes wait for it before they listen. False after the wait (or
 * once the client gives up): the process starts anyway and fails open, as it does when Redis
 * goes away later.
 */
export function connectedWithin(client: Redis, withinMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (connected: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('end', onEnd);
      resolve(connected);
    };
    const onReady = () => done(true);
    const onEnd = () => done(false);
    const timer = setTimeout(() => done(false), withinMs);
    client.once('ready', onReady);
    client.once('end', onEnd);
  });
}
