import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { dataSourceOptions, ensureDatabase, runMigrations } from '@momo/data';
import { redisOptionsFromUrl } from '@momo/platform';
import { PrivatePostgres, PrivateRedis } from './private-servers';
import { waitFor } from './wait';

/**
 * A stack on the same host as its Postgres and Redis may reach both through their Unix sockets
 * (the benchmarks do): the URLs the services take must carry that all the way, with no TCP left.
 */
describe('services reaching Postgres and Redis through Unix sockets', () => {
  it('creates, migrates and queries a database through the socket named in DATABASE_URL', async () => {
    const pg = await PrivatePostgres.start();
    try {
      const url = pg.socketUrl(`momo_sock_${randomBytes(3).toString('hex')}`);
      expect(await ensureDatabase(url)).toBe(true);
      expect((await runMigrations(url)).length).toBeGreaterThan(0);
      const dataSource = await new DataSource(dataSourceOptions(url, 2, 'socket-spec')).initialize();
      try {
        // Both addresses are null on a Unix-socket connection, set on a TCP one.
        const [reached] = await dataSource.query(`SELECT inet_server_addr() AS server, inet_client_addr() AS client, current_database() AS database`);
        expect(reached).toEqual({ server: null, client: null, database: new URL(url).pathname.slice(1) });
        expect(await dataSource.query(`SELECT count(*)::int AS n FROM transactions`)).toEqual([{ n: 0 }]);
      } finally {
        await dataSource.destroy();
      }
    } finally {
      await pg.stop();
    }
  });

  it('runs BullMQ jobs through the socket named in a unix:// REDIS_URL', async () => {
    const redis = await PrivateRedis.start();
    const connection = redisOptionsFromUrl(redis.socketUrl);
    const queue = new Queue('socket-spec', { connection });
    const done: string[] = [];
    const worker = new Worker('socket-spec', async (job) => void done.push(job.data.n), { connection });
    const observer = new Redis(connection);
    try {
      await queue.addBulk([1, 2, 3].map((n) => ({ name: 'n', data: { n: String(n) } })));
      await waitFor(() => done.length === 3 || undefined, { timeoutMs: 5_000, what: 'the three jobs' });
      expect(done.sort()).toEqual(['1', '2', '3']);
      // Every client the server has came in through the socket file: none over TCP.
      const clients = (await observer.client('LIST')) as string;
      const addresses = clients.trim().split('\n').map((line) => /(?:^| )addr=(\S+)/.exec(line)?.[1]);
      expect(addresses.length).toBeGreaterThanOrEqual(3);
      expect(addresses.filter((address) => !address?.startsWith('/'))).toEqual([]);
    } finally {
      await worker.close();
      await queue.close();
      observer.disconnect();
      await redis.stop();
    }
  });
});
