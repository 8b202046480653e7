/**
 * Whether an error means Postgres or Redis is unreachable or refusing work right now (an outage, a
 * failover, a restart), as opposed to a bug. Those are answered 503 with Retry-After, like the
 * write path's, so a merchant retries instead of reporting a 500.
 */
export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isPostgresUnavailable(code))) return true;
  if (typeof name === 'string' && REDIS_ERROR_NAMES.has(name)) return true;
  if (typeof message === 'string' && OUTAGE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // TypeORM wraps the driver's error; AggregateError (several addresses refused) lists them.
  const { driverError, cause, errors } = error as { driverError?: unknown; cause?: unknown; errors?: unknown };
  if (isDependencyOutage(driverError, depth + 1) || isDependencyOutage(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDependencyOutage(e, depth + 1));
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/** SQLSTATE class 08 (connection exception), 57P01-57P05 (shutdown, crash recovery), 53300 (too many connections). */
function isPostgresUnavailable(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-5]$/.test(code) || code === '53300';
}

const REDIS_ERROR_NAMES = new Set(['MaxRetriesPerRequestError']);

const OUTAGE_MESSAGES = [
  /^Connection terminated/, // pg: the server closed the connection
  /timeout exceeded when trying to connect/, // pg pool: no connection within the timeout
  /^Connection is closed\.?$/, // ioredis
  /Stream isn't writeable and enableOfflineQueue options is false/, // ioredis, offline queue off
  /^Command timed out$/, // ioredis commandTimeout
];
