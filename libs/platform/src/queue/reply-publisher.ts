import Redis, { RedisOptions } from 'ioredis';
import { MicroBatcher } from '../batching';

/**
 * Publishes replies of request/reply calls on their callers' channels. Replies finished in the
 * same turn of the event loop leave in one pipeline (one write). One connection per process, made
 * on first use from the connection the service's queues use (QueuesModule.forRoot sets it).
 */
export class ReplyPublisher {
  private readonly client: Redis;
  private readonly batcher: MicroBatcher<{ channel: string; message: string }, undefined>;

  constructor(connection: RedisOptions) {
    this.client = new Redis({ ...connection, maxRetriesPerRequest: 3 });
    // A lost reply only makes its caller time out, which callers handle (the outcome is unknown, not wrong).
    this.client.on('error', () => undefined);
    this.batcher = new MicroBatcher(
      async (messages) => {
        const pipeline = this.client.pipeline();
        for (const { channel, message } of messages) pipeline.publish(channel, message);
        const results = (await pipeline.exec()) ?? [];
        return messages.map((_, i) => results[i]?.[0] ?? undefined);
      },
      { maxBatch: 500, maxConcurrentFlushes: 1, gatherTurn: true },
    );
  }

  async publish(channel: string, message: object): Promise<void> {
    await this.batcher.submit({ channel, message: JSON.stringify(message) });
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

let connection: RedisOptions | undefined;
let shared: ReplyPublisher | undefined;

/** The Redis the replies go through (the one the queues use). */
export function useReplyConnection(options: RedisOptions): void {
  connection = options;
}

export function replyPublisher(): ReplyPublisher {
  if (!connection) throw new Error('no Redis connection for replies: QueuesModule.forRoot (or useReplyConnection) sets it');
  return (shared ??= new ReplyPublisher(connection));
}

export async function closeReplyPublisher(): Promise<void> {
  const closing = shared;
  shared = undefined;
  await closing?.close();
}
