import 'reflect-metadata';
import { readFileSync, statSync } from 'node:fs';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import Redis from 'ioredis';
import { Pool } from 'undici';
import { loadConfig } from '@momo/platform';
import { waitFor, WebhookReceiver } from '@momo/testing';
import { startBenchStack } from './bench-stack';
import { databaseCounters } from './database-counters';
import { printCostliestStatements } from './statement-stats';
import { printWalByRelation, walPosition } from './wal-by-relation';
import { customerMsisdn } from './payment-requests';

/**
 * `npm run bench:trips`: what one cash-in costs in round trips, the currency this machine pays
 * in (docs/performance.md). Sends cash-ins at a gentle rate through the whole stack and prints,
 * per completed cash-in: Postgres statements by service (from the private server's log, every
 * statement logged) and commits, row updates and how many were HOT, and Redis commands by name
 * (a private Redis: nothing else is counted).
 * Asserts nothing.
 */
class TripsBenchConfig {
  /** Cash-ins to send. */
  @IsInt() @Min(1) @Max(10_000) TRIPS_CASH_INS: number = 200;
  /** Cash-ins per second (low: the point is cost per cash-in, not throughput). */
  @IsInt() @Min(1) @Max(1_000) TRIPS_RATE: number = 20;
  /** A directory to write each service's CPU profile to (`node --cpu-prof`), for reading where the time goes. */
  @IsOptional() @IsString() TRIPS_PROFILE_DIR?: string;
  /** 'true': also the costliest statements by Postgres time, planning apart from execution (pg_stat_statements). */
  @IsIn(['true', 'false']) TRIPS_STATEMENT_STATS: string = 'false';
  /** 'true': also the WAL written per cash-in by table and index (pg_walinspect). */
  @IsIn(['true', 'false']) TRIPS_WAL_BY_TABLE: string = 'false';
}

async function main(): Promise<void> {
  const config = loadConfig(TripsBenchConfig);
  const { TRIPS_CASH_INS: count, TRIPS_RATE: rate, TRIPS_PROFILE_DIR: profileDir } = config;
  const statementStats = config.TRIPS_STATEMENT_STATS === 'true';
  const walByTable = config.TRIPS_WAL_BY_TABLE === 'true';
  const receiver = await WebhookReceiver.start();
  const bench = await startBenchStack('trips', {
    webhookUrl: receiver.url,
    logStatements: true,
    statementStats,
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : undefined,
  });
  const { stack, merchant, postgres, dataSource } = bench;
  const done = new Set<string>();
  receiver.respondWith = (request) => {
    const event = JSON.parse(request.rawBody.toString('utf8')) as { type: string; data: { id: string } };
    if (event.type === 'payment.succeeded') done.add(event.data.id);
    return 200;
  };
  const gateway = new Pool(stack.url('api-gateway'), { connections: 16 });
  const redisClient = new Redis(bench.redis.url);
  try {
    // A few warm-up cash-ins (connections, tokens, JIT), then measure.
    await cashIns(gateway, merchant.appKey, 5, 5, done);
    const logOffset = statSync(postgres.logFile).size;
    const countersBefore = await databaseCounters(dataSource);
    const walBefore = await walPosition(dataSource);
    if (statementStats) await dataSource.query(`SELECT pg_stat_statements_reset()`);
    const redisBefore = commandStats(await redisClient.info('commandstats'));
    const ids = await cashIns(gateway, merchant.appKey, count, rate, done);
    // Let the tail of the work (relay marks, attempt records) land before reading the counters.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const redisAfter = commandStats(await redisClient.info('commandstats'));
    const countersAfter = await databaseCounters(dataSource);
    const walAfter = await walPosition(dataSource);
    const backends: { pid: number; application_name: string }[] = await dataSource.query(`SELECT pid, application_name FROM pg_stat_activity WHERE datname = 'momo'`);
    const serviceOfPid = new Map<string, string>(backends.map((b) => [String(b.pid), b.application_name || 'unnamed']));
    const statements = statementsByService(readFileSync(postgres.logFile).subarray(logOffset).toString('utf8'), serviceOfPid);
    const per = (n: number) => (n / ids.length).toFixed(2);
    const updates: { relname: string; n_tup_upd: string; n_tup_hot_upd: string }[] = await dataSource.query(
      `SELECT schemaname || '.' || relname AS relname, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE n_tup_upd > 0 ORDER BY n_tup_upd DESC`,
    );
    const totalStatements = [...statements.values()].reduce((a, b) => a + b, 0);
    console.log(`bench:trips: ${ids.length} cash-ins at ${rate}/s, each to its signed webhook (an Idempotency-Key on each, as the SDK sends)`);
    console.log(`Postgres per cash-in: ${per(totalStatements)} statements, ${per(countersAfter.commits - countersBefore.commits)} commits, ${per(countersAfter.walFlushes - countersBefore.walFlushes)} WAL flushes (fsync; one serves every commit waiting for it)`);
    const walKb = (countersAfter.walBytes - countersBefore.walBytes) / 1024;
    console.log(`  WAL written per cash-in: ${per(walKb)} KB, ${per(countersAfter.walFullPages - countersBefore.walFullPages)} full-page images (a page's first change after a checkpoint)`);
    // A connection opened mid-run costs a server process start and its statements' first plans.
    console.log(`Postgres connections opened during the run: ${countersAfter.sessions - countersBefore.sessions}`);
    for (const [service, n] of [...statements].sort((a, b) => b[1] - a[1])) console.log(`  ${service.padEnd(22)} ${per(n)} statements`);
    console.log(`Postgres row updates per cash-in (HOT: the new row version stayed in its page and no index was written):`);
    for (const u of updates) {
      const hot = Number(u.n_tup_upd) ? (100 * Number(u.n_tup_hot_upd)) / Number(u.n_tup_upd) : 0;
      console.log(`  ${u.relname.padEnd(40)} ${per(Number(u.n_tup_upd))} updates, ${hot.toFixed(0)}% HOT`);
    }
    const redisDelta = [...redisAfter].map(([name, calls]) => [name, calls - (redisBefore.get(name) ?? 0)] as const).filter(([name, n]) => n > 0 && name !== 'info');
    const totalRedis = redisDelta.reduce((sum, [, n]) => sum + n, 0);
    console.log(`Redis per cash-in: ${per(totalRedis)} commands (a Lua script counts once, with the calls inside it listed too)`);
    for (const [name, n] of redisDelta.sort((a, b) => b[1] - a[1])) console.log(`  ${name.padEnd(22)} ${per(n)}`);
    if (statementStats) await printCostliestStatements(dataSource, ids.length);
    if (walByTable) await printWalByRelation(dataSource, walBefore, walAfter, ids.length);
  } finally {
    await gateway.close();
    await redisClient.quit();
    await bench.stop();
    await receiver.close();
  }
}

async function cashIns(gateway: Pool, appKey: string, count: number, rate: number, done: Set<string>): Promise<string[]> {
  const started = Date.now();
  const sends: Promise<string | undefined>[] = [];
  for (let i = 0; i < count; i++) {
    const wait = started + (i * 1000) / rate - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sends.push(
      gateway
        .request({
          path: '/v1/payments',
          method: 'POST',
          headers: { authorization: `Bearer ${appKey}`, 'content-type': 'application/json', 'idempotency-key': `trips-${started}-${i}` },
          body: JSON.stringify({ amount: 1500, msisdn: customerMsisdn(i), description: 'trips', reference: `trips-${i}` }),
        })
        .then(async (res) => {
          const body = (await res.body.json()) as { data?: { id: string } };
          return res.statusCode === 201 ? body.data?.id : undefined;
        }),
    );
  }
  const ids = (await Promise.all(sends)).filter((id): id is string => id !== undefined);
  await waitFor(() => (ids.every((id) => done.has(id)) ? true : undefined), { timeoutMs: 120_000, intervalMs: 100, what: 'warm-up webhooks' });
  return ids;
}

function commandStats(info: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) out.set(match[1], Number(match[2]));
  return out;
}

const PARSE_OR_BIND = /duration: [\d.]+ ms {2}(parse|bind) /;

/**
 * Counts `duration:` lines of the services' database by the service whose connection ran them
 * (the log prefix names the backend's pid; each service names its connections).
 */
function statementsByService(log: string, serviceOfPid: Map<string, string>): Map<string, number> {
  const out = new Map<string, number>();
  const marker = `@momo LOG:  duration:`;
  for (const line of log.split('\n')) {
    // A parameterised query logs its parse, bind and execute steps: one round trip, counted once (at execute).
    if (!line.includes(marker) || PARSE_OR_BIND.test(line)) continue;
    const pid = /\[(\d+)\]/.exec(line)?.[1] ?? '';
    const service = serviceOfPid.get(pid) ?? 'closed connections';
    out.set(service, (out.get(service) ?? 0) + 1);
  }
  return out;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
