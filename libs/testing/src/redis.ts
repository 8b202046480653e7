import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';

/** The machine's Redis; tests keep apart by queue prefix, never by mocking it. */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379/0';

export function uniqueQueuePrefix(label = 't'): string {
  return `${label}_${randomBytes(5).toString('hex')}`;
}

/** Removes every key under a queue prefix (test cleanup). */
export async function deleteQueueKeys(prefix: string, redisUrl = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
