import 'reflect-metadata';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import autocannon from 'autocannon';
import { IsInt, Max, Min } from 'class-validator';
import { loadConfig } from '@momo/platform';
import { startBenchStack } from './bench-stack';
import { cpuPerUnit, sampleCpu, stackProcesses } from './cpu-meter';
import { pacedLoad } from './paced-load';

/**
 * `npm run bench:api`: the whole stack on this machine (every service a process, the simulator
 * approving payments), then for POST /v1/payments and GET /v1/payments/:id: the most requests/s
 * it serves (autocannon, closed loop), and p50/p99 latency at half of that rate, evenly paced and
 * measured from when each request was due (see paced-load.ts). Prints the figures; asserts nothing.
 */
class BenchConfig {
  /** Length of each measured run. */
  @IsInt() @Min(1) @Max(600) BENCH_SECONDS: number = 10;
  /** Concurrent connections used to find the maximum rate. */
  @IsInt() @Min(1) @Max(1_000) BENCH_CONNECTIONS: number = 32;
}

async function main(): Promise<void> {
  const { BENCH_SECONDS: SECONDS, BENCH_CONNECTIONS: CONNECTIONS } = loadConfig(BenchConfig);
  const { db, stack, merchant, stop } = await startBenchStack('bench');
  try {
    const base = stack.url('api-gateway');
    const headers = { authorization: `Bearer ${merchant.appKey}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ amount: 1500, msisdn: '0788123456', description: 'bench', reference: 'bench' });
    const created = await fetch(`${base}/v1/payments`, { method: 'POST', headers, body });
    const { data } = (await created.json()) as { data: { id: string } };

    // Real traffic comes from many customers: one number for every request would measure the
    // simulator's per-customer daily-limit bookkeeping instead of our money path.
    let customer = 0;
    const nextCustomerPayment = () =>
      JSON.stringify({ amount: 1500, msisdn: `0788${String(100_000 + (customer++ % 800_000)).padStart(6, '0')}`, description: 'bench', reference: 'bench' });
    const paymentFromNextCustomer = (request: Record<string, unknown>) => ({ ...request, body: nextCustomerPayment() });
    const targets = [
      {
        name: 'GET /v1/payments/:id',
        options: { url: `${base}/v1/payments/${data.id}`, headers },
        paced: { url: `${base}/v1/payments/${data.id}`, headers },
      },
      {
        name: 'POST /v1/payments',
        options: { url: `${base}/v1/payments`, method: 'POST', headers, body, requests: [{ setupRequest: paymentFromNextCustomer }] },
        paced: { url: `${base}/v1/payments`, method: 'POST' as const, headers, body: nextCustomerPayment },
      },
    ];
    console.log(`bench: ${SECONDS} s per run, ${CONNECTIONS} connections for the maximum; machine: ${cpus().length} cores, shared by every service, Postgres and Redis`);
    const metered = stackProcesses(stack);
    for (const target of targets) {
      await autocannon({ ...target.options, connections: 8, duration: 3 }); // warm-up
      const max = await autocannon({ ...target.options, connections: CONNECTIONS, duration: SECONDS });
      const half = Math.max(1, Math.floor(max.requests.average / 2));
      const backlog = await drained(db.dataSource);
      const before = sampleCpu(metered);
      const atHalf = await pacedLoad(target.paced, half, SECONDS);
      // A payment's work goes on after its 201 (operator, callback, settlement): count it all.
      await drained(db.dataSource);
      const cpu = cpuPerUnit(before, sampleCpu(metered), atHalf.requests);
      console.log(
        [
          `${target.name}`,
          `  maximum: ${max.requests.average.toFixed(0)} req/s (p50 ${max.latency.p50} ms, p99 ${max.latency.p99} ms, non-2xx ${max.non2xx}, errors ${max.errors})`,
          ...(backlog > 1_000 ? [`  (the maximum run left work that took ${(backlog / 1000).toFixed(0)} s to finish before the next run)`] : []),
          `  at half (${half} req/s, evenly paced): ${atHalf.requestsPerSecond.toFixed(0)} req/s, p50 ${atHalf.p50} ms, p99 ${atHalf.p99} ms, max ${atHalf.max} ms (non-2xx ${atHalf.non2xx}, errors ${atHalf.errors})`,
          `  CPU per request at half, every process: ${cpu}`,
        ].join('\n'),
      );
    }
  } finally {
    await stop();
  }
}

/**
 * Waits until every transaction so far is final (answers how long that took), so a paced run
 * measures its own load rather than the backlog the closed-loop maximum left in the pipeline.
 */
async function drained(dataSource: DataSource): Promise<number> {
  const started = Date.now();
  for (;;) {
    const [{ pending }] = (await dataSource.query(`SELECT count(*)::int AS pending FROM transactions WHERE status = 'pending'`)) as { pending: number }[];
    if (pending === 0) break;
    if (Date.now() - started > 300_000) throw new Error(`${pending} transactions still pending after 5 minutes`);
    await sleep(500);
  }
  return Date.now() - started;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
