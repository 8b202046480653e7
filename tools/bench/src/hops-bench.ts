import 'reflect-metadata';
import { setTimeout as sleep } from 'node:timers/promises';
import { IsInt, Matches, Max, Min } from 'class-validator';
import type { DataSource } from 'typeorm';
import { loadConfig } from '@momo/platform';
import { OtlpReceiver, ReceivedSpan } from '@momo/testing';
import { startBenchStack } from './bench-stack';
import { formatMachine, machineShares, readMachineTicks } from './cpu-meter';
import { drained } from './drained';
import { pacedLoad } from './paced-load';
import { paymentsFromManyCustomers } from './payment-requests';
import { HopFigures, POST_HOPS, postHops, SlowPost } from './post-hops';
import { POST_P99_TARGET_MS } from './targets';

/**
 * `npm run bench:hops`: where the time of `POST /v1/payments` goes, hop by hop. The whole stack
 * runs with OpenTelemetry on, exporting to a receiver in this process; POSTs (each with its own
 * Idempotency-Key, as the SDK sends) are paced at each rate in turn, and every trace is cut at
 * the moments its spans mark (post-hops.ts): the gateway's checks, each queue hop, each service's
 * commits, the operator call, the way back. Prints p50/p90/p99 per hop beside the client's own
 * latency, and the moments some traces lacked; asserts nothing. Tracing costs CPU of its own,
 * so the absolute figures sit above bench:api's; the split is what this is for.
 */
class HopsConfig {
  /** Rates to pace POSTs at, in turn, comma-separated (requests/s). */
  @Matches(/^\d+(,\d+)*$/) BENCH_RATES = '5,30';
  /** Length of each rate's run. */
  @IsInt() @Min(1) @Max(600) BENCH_SECONDS: number = 20;
  /** How many of each rate's slowest POSTs to print hop by hop, with the work that overlapped them. */
  @IsInt() @Min(0) @Max(100) BENCH_SLOWEST: number = 5;
}

async function main(): Promise<void> {
  const config = loadConfig(HopsConfig);
  const rates = config.BENCH_RATES.split(',').map(Number);
  const receiver = await OtlpReceiver.start();
  const bench = await startBenchStack('hops', { serviceSettings: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } });
  try {
    const base = bench.stack.url('api-gateway');
    const target = paymentsFromManyCustomers(base, bench.merchant.appKey);
    console.log(
      [
        `bench:hops: POST /v1/payments paced at ${rates.join(', ')} req/s, ${config.BENCH_SECONDS} s each, every service tracing to this process`,
        `  servers: ${await bench.describeServers()}`,
        `  settled: ${bench.settled}`,
        '  each hop runs from one span edge to the next; span starts carry their service clock in whole milliseconds, so a hop is ±1 ms',
      ].join('\n'),
    );
    // Warm-up: the services compile their hot code; its traces are not counted.
    await pacedLoad(target, rates[0], 5);
    await untilExported(bench.dataSource);
    for (const rate of rates) {
      const first = receiver.spans.length;
      const machineBefore = readMachineTicks();
      const client = await pacedLoad(target, rate, config.BENCH_SECONDS);
      const machine = machineShares(machineBefore, readMachineTicks());
      await untilExported(bench.dataSource);
      const spans = receiver.spans.slice(first);
      const hops = postHops(spans, config.BENCH_SLOWEST);
      console.log(
        [
          '',
          `at ${rate} req/s: ${client.requests} POSTs, client p50 ${client.p50.toFixed(1)} ms, p99 ${client.p99.toFixed(1)} ms (non-2xx ${client.non2xx}, errors ${client.errors})   [target p99 < ${POST_P99_TARGET_MS} ms at half the maximum]`,
          ...(machine ? [`  the machine meanwhile: ${formatMachine(machine)}`] : []),
          `  traces: ${hops.traces}, with every hop: ${hops.complete} (a batched statement shows in the trace of the call that sent the batch only)`,
          ...hops.missing.map((m) => `  lacking the ${m.moment}: ${m.traces} traces${m.traces === hops.traces ? ' (every one: the services\' spans have changed, see post-hops.ts)' : ''}`),
          '| hop | p50 ms | p90 ms | p99 ms | mean ms |',
          '|---|---|---|---|---|',
          ...[...hops.hops, hops.total].map(row),
          ...slowestLines(hops.slowest, spans),
        ].join('\n'),
      );
    }
  } finally {
    await bench.stop();
    await receiver.close();
  }
}

/** Every cash-in so far final, and the spans of every POST so far with the receiver (exporters send every second). */
async function untilExported(dataSource: DataSource): Promise<void> {
  await drained(dataSource);
  await sleep(2_000);
}

/**
 * Each slow POST's three longest hops, and the spans of other work (any trace but a POST's) that
 * overlapped it by at least 5 ms: what else the stack was doing while it waited.
 */
function slowestLines(slowest: SlowPost[], spans: readonly ReceivedSpan[]): string[] {
  if (slowest.length === 0) return [];
  const postTraces = new Set(spans.filter((s) => s.service === 'api-gateway' && s.name === 'POST').map((s) => s.traceId));
  const runStart = spans.reduce((earliest, s) => Math.min(earliest, s.startMs), Infinity);
  const lines = ['  the slowest POSTs (s into the run, total; their longest hops; other work overlapping them by 5 ms or more):'];
  for (const post of slowest) {
    const longest = post.hopMs
      .map((ms, hop) => ({ ms, label: POST_HOPS[hop] }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((h) => `${h.label} ${h.ms.toFixed(0)}`);
    const end = post.startMs + post.totalMs;
    const overlapping = new Map<string, number>();
    for (const span of spans) {
      if (postTraces.has(span.traceId)) continue;
      const overlap = Math.min(end, span.endMs) - Math.max(post.startMs, span.startMs);
      if (overlap < 5) continue;
      const name = `${span.service}: ${span.name}`;
      overlapping.set(name, (overlapping.get(name) ?? 0) + 1);
    }
    const others = [...overlapping].map(([name, count]) => (count > 1 ? `${name} ×${count}` : name)).join('; ') || 'none traced';
    lines.push(`  - ${((post.startMs - runStart) / 1000).toFixed(1)} s, ${post.totalMs.toFixed(0)} ms: ${longest.join(', ')} | ${others}`);
  }
  return lines;
}

function row(h: HopFigures): string {
  const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1));
  return `| ${h.label} | ${ms(h.p50)} | ${ms(h.p90)} | ${ms(h.p99)} | ${ms(h.mean)} |`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
