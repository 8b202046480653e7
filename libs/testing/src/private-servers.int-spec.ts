import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import Redis from 'ioredis';
import { PrivatePostgres, PrivateRedis } from './private-servers';
import { WORKSPACE_ROOT } from './stack/services';
import { waitFor } from './wait';
import { processAlive } from './process-alive';

describe('private servers for fault injection', () => {
  it('runs a Postgres that survives a crash-restart with its committed data', async () => {
    const pg = await PrivatePostgres.start();
    try {
      const before = new Client({ connectionString: `${pg.url}/postgres` });
      before.on('error', () => undefined); // the crash below ends this connection
      await before.connect();
      await before.query('CREATE TABLE kept (n int)');
      await before.query('INSERT INTO kept VALUES (42)');
      await pg.crashAndRestart();
      await expect(before.query('SELECT 1')).rejects.toThrow();
      await before.end().catch(() => undefined);
      const after = new Client({ connectionString: `${pg.url}/postgres` });
      await after.connect();
      expect((await after.query('SELECT n FROM kept')).rows).toEqual([{ n: 42 }]);
      await after.end();
    } finally {
      await pg.stop();
    }
  });

  it('runs a durable Postgres when asked (fsync on, synchronous commit on) and tells its postmaster, the parent of every backend', async () => {
    const pg = await PrivatePostgres.start({ durable: true });
    try {
      const client = new Client({ connectionString: `${pg.url}/postgres` });
      await client.connect();
      const settings = await client.query(`SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'full_page_writes', 'synchronous_commit') ORDER BY name`);
      expect(settings.rows).toEqual([
        { name: 'fsync', setting: 'on' },
        { name: 'full_page_writes', setting: 'on' },
        { name: 'synchronous_commit', setting: 'on' },
      ]);
      const backend = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      const parent = Number(readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      expect(parent).toBe(pg.pid);
      await client.end();
    } finally {
      await pg.stop();
    }
  });

  it('runs a Redis that can be flushed or crash-restarted empty', async () => {
    const redis = await PrivateRedis.start();
    try {
      expect(redis.pid).toBeGreaterThan(0);
      const client = new Redis(redis.url);
      await client.set('k', 'v');
      await redis.flushAll();
      expect(await client.get('k')).toBeNull();
      await client.set('k', 'v');
      await client.quit();
      await redis.crashAndRestart();
      const fresh = new Redis(redis.url);
      expect(await fresh.get('k')).toBeNull();
      await fresh.quit();
    } finally {
      await redis.stop();
    }
  });

  it('waits for a stopped Redis to exit even in a process with nothing else left to do (a benchmark whose stack failed to start)', () => {
    // The built library, in a process of its own: jest's own handles would hide the bug.
    const library = join(WORKSPACE_ROOT, 'dist', 'libs', 'testing', 'src', 'private-servers.js');
    const script = `const { PrivateRedis } = require(${JSON.stringify(library)});
      PrivateRedis.start().then(async (redis) => { const pid = redis.pid; await redis.stop(); console.log('stopped', pid); });`;
    const output = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 });
    const pid = Number(/stopped (\d+)/.exec(output)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it('stops both servers and removes their files when their process dies without stopping them (a benchmark whose output pipe closed)', async () => {
    const library = join(WORKSPACE_ROOT, 'dist', 'libs', 'testing', 'src', 'private-servers.js');
    const script = `const { PrivatePostgres, PrivateRedis } = require(${JSON.stringify(library)});
      Promise.all([PrivatePostgres.start(), PrivateRedis.start()]).then(([pg, redis]) => {
        console.log(JSON.stringify({ pg: pg.pid, pgData: require('node:path').dirname(pg.logFile), redis: redis.pid, redisSocket: redis.socketUrl }));
        setTimeout(() => { throw new Error('died mid-run'); }, 10);
      });`;
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(child.stderr).toContain('died mid-run');
    expect(child.status).toBe(1);
    const left = JSON.parse(child.stdout.trim()) as { pg: number; pgData: string; redis: number; redisSocket: string };
    expect(left.pg).toBeGreaterThan(0);
    expect(left.redis).toBeGreaterThan(0);
    await waitFor(() => (!processAlive(left.pg) && !processAlive(left.redis) ? true : undefined), { timeoutMs: 10_000, what: 'both servers gone' });
    expect(existsSync(left.pgData)).toBe(false);
    expect(existsSync(dirname(new URL(left.redisSocket).pathname))).toBe(false);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('stops both servers and removes their files when %s ends their process before it listens itself (a benchmark stopped while it starts its stack)', async (signal) => {
    const library = join(WORKSPACE_ROOT, 'dist', 'libs', 'testing', 'src', 'private-servers.js');
    const script = `const { PrivatePostgres, PrivateRedis } = require(${JSON.stringify(library)});
      Promise.all([PrivatePostgres.start(), PrivateRedis.start()]).then(([pg, redis]) => {
        console.log(JSON.stringify({ pg: pg.pid, pgData: require('node:path').dirname(pg.logFile), redis: redis.pid, redisSocket: redis.socketUrl }));
        setInterval(() => undefined, 1_000); // still starting the rest of its stack
      });`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const left = JSON.parse(line) as { pg: number; pgData: string; redis: number; redisSocket: string };
    try {
      expect(processAlive(left.pg) && processAlive(left.redis)).toBe(true);

      child.kill(signal);
      expect(await exited).toBe(128 + constants.signals[signal]);
      await waitFor(() => (!processAlive(left.pg) && !processAlive(left.redis) ? true : undefined), { timeoutMs: 10_000, what: 'both servers gone' });
      expect(existsSync(left.pgData)).toBe(false);
      expect(existsSync(dirname(new URL(left.redisSocket).pathname))).toBe(false);
    } finally {
      // Whatever a failure left: Postgres' immediate shutdown, Redis killed, their files.
      for (const [pid, how] of [[left.pg, 'SIGQUIT'], [left.redis, 'SIGKILL']] as const) if (processAlive(pid)) process.kill(pid, how);
      rmSync(left.pgData, { recursive: true, force: true });
      rmSync(dirname(new URL(left.redisSocket).pathname), { recursive: true, force: true });
    }
  });
});
