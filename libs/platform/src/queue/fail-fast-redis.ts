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
