import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import autocannon, { Options as AutocannonOptions, Result as AutocannonResult } from 'autocannon';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { loadConfig } from '@momo/platform';
import { childEnvironment } from '@momo/testing';
import { BARE_INSERT_TABLE } from './bare-server';
import { BenchStack, startBenchStack } from './bench-stack';
import { cpuPerUnit, formatCpu, LOAD_GENERATOR, MeteredProcesses, ownProcess, sampleCpu, tree } from './cpu-meter';
import { drained } from './drained';
import { customerPayment, storedPayments } from './payment-requests';
import { pacedLoad, PacedResult, PacedTarget } from './paced-load';
import { describeSettlementRuns, settlementRunsBetween, untilSettled } from './settlement-runs';
import { API_TARGETS, GET_P99_TARGET_MS, POST_P99_TARGET_MS, READ_RATIO_TARGET } from './targets';

/**
 * `npm run bench:api`: the whole stack on this machine (every service a process, the simulator
 * approving payments, a private Postgres and Redis), then for GET /v1/payments/:id and
 * POST /v1/payments: the most requests/s it serves (autocannon, closed loop), and p50/p99 latency
 * at half of that rate, evenly paced and measured from when each request was due (see
 * paced-load.ts). In the same run and the same way, bare Fastify servers on the same Postgres give
 * the yardsticks: one primary-key read per request, one insert per request, and a constant answer
 * (the machine's latency floor, paced at our GET's half rate). Prints the figures beside the
 * targets; asserts nothing.
 */
class BenchConfig {
  /** Length of each measured run. */
  @IsInt() @Min(1) @Max(600) BENCH_SECONDS: number = 10;
  /** Concurrent connections used to find the maximum rate. */
  @IsInt() @Min(1) @Max(1_000) BENCH_CONNECTIONS: number = 32;
  /** 'true': an Idempotency-Key on every POST, as the SDK sends; 'false': none, as runs before 2026-11-26 (evening) sent. */
  @IsIn(['true', 'false']) BENCH_IDEMPOTENCY_KEYS: string = 'true';
  /** Seconds of each paced load sent first on its own connections and not counted (paced-load.ts); 0 as every run before 2026-11-28 (late morning). */
  @IsInt() @Min(0) @Max(120) BENCH_PACED_WARMUP_SECONDS: number = 10;
  /** Payments the GETs go round, one after the other (1: the same one every time, as every run before 2026-11-29, late night). */
  @IsInt() @Min(1) @Max(10_000) BENCH_GET_PAYMENTS: number = 200;
  /** The GET's paced rate, to compare builds at one rate (0: half its maximum, the target's). */
  @IsInt() @Min(0) @Max(100_000) BENCH_GET_PACED_RATE: number = 0;
}

interface Measured {
  max: AutocannonResult;
  half: number;
  atHalf: PacedResult;
  backlogMs: number;
  cpu: string;
  /** The settlement runs that settled cash-ins while the half-rate run counted. */
  settlementRuns: string;
}

async function main(): Promise<void> {
  const { BENCH_SECONDS: SECONDS, BENCH_CONNECTIONS: CONNECTIONS, BENCH_IDEMPOTENCY_KEYS, BENCH_PACED_WARMUP_SECONDS: warmUpSeconds, BENCH_GET_PAYMENTS, BENCH_GET_PACED_RATE } = loadConfig(BenchConfig);
  const idempotencyKeys = BENCH_IDEMPOTENCY_KEYS === 'true';
  const bench = await startBenchStack('bench');
  const { dataSource, stack, merchant } = bench;
  try {
    const base = stack.url('api-gateway');
    const headers = { authorization: `Bearer ${merchant.appKey}`, 'content-type': 'application/json' };
    const paymentIds = await storedPayments(base, merchant.appKey, BENCH_GET_PAYMENTS);
    let reads = 0;
    const nextReadPath = () => `/v1/payments/${paymentIds[reads++ % paymentIds.length]}`;
    // autocannon's default body; every request's own comes from setupRequest.
    const body = customerPayment(0);

    let customer = 0;
    const nextCustomerPayment = () => customerPayment(customer++);
    const paymentFromNextCustomer = (request: Record<string, unknown>) => ({ ...request, body: nextCustomerPayment() });
    const keyPrefix = `bench-${randomUUID()}`;
    let keys = 0;
    const ownKey = (): Record<string, string> => (idempotencyKeys ? { 'idempotency-key': `${keyPrefix}-${keys++}` } : {});
    const keyedPaymentFromNextCustomer = (request: Record<string, unknown>) => ({
      ...paymentFromNextCustomer(request),
      headers: { ...(request.headers as Record<string, string>), ...ownKey() },
    });
    console.log(
      [
        `bench: ${SECONDS} s per run, ${CONNECTIONS} connections for the maximum; machine: ${cpus().length} cores, shared by every service, Postgres, Redis and the load generator`,
        `  servers: ${await bench.describeServers()}`,
        `  settled: ${bench.settled}`,
        `  paced runs: ${warmUpSeconds > 0 ? `${warmUpSeconds} s of the same load on the same connections first, not counted (BENCH_PACED_WARMUP_SECONDS)` : 'counted from the first request (BENCH_PACED_WARMUP_SECONDS=0)'}`,
        `  requests: ${idempotencyKeys ? 'an Idempotency-Key on each POST, as the SDK sends' : 'no Idempotency-Key (BENCH_IDEMPOTENCY_KEYS=false)'}; each GET reads the next of ${paymentIds.length} of the app's payments (BENCH_GET_PAYMENTS), as merchants polling their recent payments`,
        `  targets: ${API_TARGETS}`,
      ].join('\n'),
    );
    const stackMeter = bench.metered(LOAD_GENERATOR);
    const measure = async (target: { options: AutocannonOptions; paced: PacedTarget }, metered: MeteredProcesses, options: { drain?: boolean; pacedRate?: number } = {}): Promise<Measured> => {
      await autocannon({ ...target.options, connections: 8, duration: 3 }); // warm-up
      const max = await autocannon({ ...target.options, connections: CONNECTIONS, duration: SECONDS });
      const half = options.pacedRate ?? Math.max(1, Math.floor(max.requests.average / 2));
      const backlogMs = options.drain ? await drained(dataSource) : 0;
      let before = sampleCpu(metered);
      let countedFrom = Date.now();
      const atHalf = await pacedLoad(target.paced, half, SECONDS, {
        warmUpSeconds,
        measuring: () => {
          before = sampleCpu(metered);
          countedFrom = Date.now();
        },
      });
      const settlementRuns = describeSettlementRuns(await settlementRunsBetween(dataSource, countedFrom, Date.now()), countedFrom);
      // A payment's work goes on after its 201 (operator, callback, settlement): count it all.
      if (options.drain) await drained(dataSource);
      return { max, half, atHalf, backlogMs, cpu: formatCpu(cpuPerUnit(before, sampleCpu(metered), atHalf.requests)), settlementRuns };
    };
    const describe = (name: string, m: Measured, target: string) =>
      [
        name,
        `  maximum: ${m.max.requests.average.toFixed(0)} req/s (p50 ${m.max.latency.p50} ms, p99 ${m.max.latency.p99} ms, non-2xx ${m.max.non2xx}, errors ${m.max.errors})`,
        ...(m.backlogMs > 1_000 ? [`  (the maximum run left work that took ${(m.backlogMs / 1000).toFixed(0)} s to finish before the next run)`] : []),
        `  at half (${m.half} req/s, evenly paced): ${m.atHalf.requestsPerSecond.toFixed(0)} req/s, p50 ${m.atHalf.p50} ms, p99 ${m.atHalf.p99} ms, max ${m.atHalf.max} ms (non-2xx ${m.atHalf.non2xx}, errors ${m.atHalf.errors})${target}`,
        `  the load generator's own delay: requests issued p50 ${m.atHalf.issuedLateP50} ms, p99 ${m.atHalf.issuedLateP99} ms after they were due (inside the latencies above, which count from when each was due)`,
        `  CPU per request at half: ${m.cpu}`,
        `  settlement runs while it counted: ${m.settlementRuns}`,
      ].join('\n');

    const getUrl = `${base}${nextReadPath()}`;
    const get = await measure(
      { options: { url: getUrl, headers, requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, path: nextReadPath() }) }] }, paced: { url: getUrl, headers, path: nextReadPath } },
      stackMeter,
      { pacedRate: BENCH_GET_PACED_RATE || undefined },
    );
    const getFigures = describe('GET /v1/payments/:id', get, `   [target p99 < ${GET_P99_TARGET_MS} ms]`);
    console.log(BENCH_GET_PACED_RATE ? getFigures.replaceAll('at half', 'at BENCH_GET_PACED_RATE') : getFigures);

    const floor = await withBareServer(bench, { BARE_MODE: 'constant' }, async (url, meter) => measure({ options: { url }, paced: { url, headers: {} } }, meter, { pacedRate: get.half }));
    console.log(describe(`machine latency floor: bare Fastify answering a constant (paced at our GET's half rate)`, floor, ''));
    console.log(`  p99 at ${get.half} req/s: ours ${get.atHalf.p99} ms beside the floor's ${floor.atHalf.p99} ms (p50 ${get.atHalf.p50} vs ${floor.atHalf.p50} ms)`);

    const read = await withBareServer(bench, { BARE_MODE: 'read', BARE_READ_ID: paymentIds[0] }, async (url, meter) => measure({ options: { url }, paced: { url, headers: {} } }, meter));
    console.log(describe('bare Fastify + one Postgres primary-key read per request (pg Pool of 20, same Postgres, the same row)', read, ''));
    const ratio = get.max.requests.average / Math.max(1, read.max.requests.average);
    console.log(`  ratio of maxima, our GET / bare read: ${ratio.toFixed(2)}   [target ≥ ${READ_RATIO_TARGET}]`);

    const post = await measure(
      {
        options: { url: `${base}/v1/payments`, method: 'POST', headers, body, requests: [{ setupRequest: keyedPaymentFromNextCustomer }] },
        paced: { url: `${base}/v1/payments`, method: 'POST', headers, body: nextCustomerPayment, ownHeaders: ownKey },
      },
      stackMeter,
      { drain: true },
    );
    console.log(describe('POST /v1/payments', post, `   [target p99 < ${POST_P99_TARGET_MS} ms]`).replace('CPU per request at half:', 'CPU per request at half, the whole path to final:'));

    // The POST runs' cash-ins settle at the minute's tick, seconds of Postgres' time: not the yardstick's.
    const settling = await untilSettled(dataSource);
    await dataSource.query(BARE_INSERT_TABLE);
    const insert = await withBareServer(bench, { BARE_MODE: 'insert' }, async (url, meter) =>
      measure(
        {
          options: { url, method: 'POST', headers: { 'content-type': 'application/json' }, body, requests: [{ setupRequest: paymentFromNextCustomer }] },
          paced: { url, method: 'POST', headers: { 'content-type': 'application/json' }, body: nextCustomerPayment },
        },
        meter,
      ),
    );
    console.log(describe('bare Fastify + one Postgres insert per request (pg Pool of 20, same Postgres; POST context)', insert, ''));
    console.log(
      settling.settled
        ? `  (measured once the stack had settled the POST runs' cash-ins, after ${(settling.waitedMs / 1000).toFixed(0)} s)`
        : `  (the stack had not settled the POST runs' cash-ins after ${(settling.waitedMs / 1000).toFixed(0)} s; measured anyway)`,
    );

    const row = (what: string, m: Measured, target: string) =>
      `| ${what} | ${m.max.requests.average.toFixed(0)} | ${m.half} | ${m.atHalf.p50} | ${m.atHalf.p99} | ${m.atHalf.issuedLateP99} | ${target} |`;
    console.log(
      [
        '',
        '| measured | maximum req/s | paced at req/s | p50 ms | p99 ms | issued late, p99 ms | target |',
        '|---|---|---|---|---|---|---|',
        row('GET /v1/payments/:id', get, `p99 < ${GET_P99_TARGET_MS} ms; max ≥ ${READ_RATIO_TARGET} × bare read (now ${ratio.toFixed(2)})`),
        row('bare Fastify, constant (latency floor)', floor, ''),
        row('bare Fastify + Postgres PK read', read, ''),
        row('POST /v1/payments', post, `p99 < ${POST_P99_TARGET_MS} ms`),
        row('bare Fastify + Postgres insert', insert, ''),
      ].join('\n'),
    );
  } finally {
    await bench.stop();
  }
}

/** Runs a bare comparison server (bare-server.ts) in its own process for `work`, metering it and the stack's Postgres. */
async function withBareServer<T>(bench: BenchStack, env: Record<string, string>, work: (url: string, meter: MeteredProcesses) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, [join(__dirname, 'bare-server.js')], { env: childEnvironment({ BARE_DATABASE_URL: bench.databaseUrl, ...env }), stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const line = out.split('\n')[0];
        if (out.includes('\n')) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`bare server exited with code ${code}`)));
    });
    const meter: MeteredProcesses = {
      stack: {
        'bare server': [ownProcess(() => child.pid)],
        ...(env.BARE_MODE === 'constant' ? {} : { postgres: [tree(() => bench.postgres.pid)] }),
      },
      outside: LOAD_GENERATOR,
    };
    return await work(`http://127.0.0.1:${port}/`, meter);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
