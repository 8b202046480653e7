import 'reflect-metadata';
import { cpus } from 'node:os';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { loadConfig } from '@momo/platform';
import { SCALED_SERVICES } from './bench-stack';
import { describeRefusals, offerCashIns, startCashInHarness } from './cash-in-load';
import { CpuPerUnit, formatCpu, formatFaults } from './cpu-meter';
import { checkNothingMovedTwice } from './moved-once';
import { adapterSamples, describeCounts, operatorCallsByResult, statusChecksByReason } from './operator-calls';
import { printCostliestStatements } from './statement-stats';
import { E2E_TARGETS } from './targets';

/**
 * `npm run bench:e2e`: the whole money path on this machine, every service a process, on a
 * private Postgres and Redis: cash-ins offered at a steady rate, each counted done when its signed
 * `payment.succeeded` webhook reaches a local receiver. Prints the rate sustained end to end, the
 * create -> webhook latency and CPU per cash-in, beside the targets. With BENCH_REPLICAS=2 every
 * one of our services runs twice and the run ends by checking that nothing moved twice.
 * Asserts nothing (exit status 1 only if that check fails).
 */
class E2eBenchConfig {
  /** Cash-ins offered per second. */
  @IsInt() @Min(1) @Max(10_000) BENCH_RATE: number = 100;
  /** How long the load runs. */
  @IsInt() @Min(1) @Max(600) BENCH_SECONDS: number = 20;
  /**
   * Most requests in flight at once, a bound on the load generator only: the load stays open loop
   * (merchants do not wait for each other), so this must stay above rate × the POST's latency under
   * load. At 64, as before 2026-11-28, 300/s left room for a mean POST of 213 ms, and offers were
   * skipped ("not sent") whenever a saturated stack answered slower, though it kept up.
   */
  @IsInt() @Min(1) @Max(5_000) BENCH_CONNECTIONS: number = 1_000;
  /** Processes of each of our five services (gateway, payments-core, adapter, reconciler, dispatcher); the simulator stays one. */
  @IsInt() @Min(1) @Max(8) BENCH_REPLICAS: number = 1;
  /** Past cash-ins seeded before the load (with their events, webhooks and simulator records): production-sized tables. 0: start empty. */
  @IsInt() @Min(0) @Max(5_000_000) BENCH_HISTORY: number = 0;
  /** 'true': also Postgres' costliest statements during the load, planning apart from execution (pg_stat_statements, which costs a little itself). */
  @IsIn(['true', 'false']) BENCH_STATEMENT_STATS: string = 'false';
  /** 'true': an Idempotency-Key on every cash-in, as the SDK sends; 'false': none, as runs before 2026-11-26 (evening) sent. */
  @IsIn(['true', 'false']) BENCH_IDEMPOTENCY_KEYS: string = 'true';
  /**
   * Load at the same rate before the measured one, not counted: V8 spends the first minute of load
   * compiling the services' hot code (a quarter of their CPU at 250/s), a cost a running service
   * has long paid. 0: measure from the first cash-in, as runs before 2026-11-26 (night) did.
   */
  @IsInt() @Min(0) @Max(600) BENCH_WARMUP_SECONDS: number = 30;
}

async function main(): Promise<void> {
  const config = loadConfig(E2eBenchConfig);
  const { BENCH_RATE: rate, BENCH_SECONDS: seconds, BENCH_CONNECTIONS: connections, BENCH_REPLICAS: replicas, BENCH_HISTORY: history, BENCH_WARMUP_SECONDS: warmupSeconds } = config;
  const statementStats = config.BENCH_STATEMENT_STATS === 'true';
  const idempotencyKeys = config.BENCH_IDEMPOTENCY_KEYS === 'true';
  const harness = await startCashInHarness('bench_e2e', { replicas, historyCashIns: history, statementStats });
  let failed = false;
  try {
    console.log(
      [
        `bench:e2e: offering ${rate} cash-ins/s for ${seconds} s; machine: ${cpus().length} cores shared by every service, Postgres, Redis and the load generator`,
        `  servers: ${await harness.bench.describeServers()}`,
        `  settled: ${harness.bench.settled}`,
        `  services: ${replicas === 1 ? 'one process each' : `${replicas} processes each of ${SCALED_SERVICES.join(', ')} (load spread over the ${replicas} gateways); one operator-simulator`}`,
        `  requests: ${idempotencyKeys ? 'an Idempotency-Key on each, as the SDK sends' : 'no Idempotency-Key (BENCH_IDEMPOTENCY_KEYS=false)'}`,
        `  history: ${history > 0 ? `${history.toLocaleString('en-US')} past cash-ins seeded before the load (tables of production size)` : 'none (the tables start empty)'}`,
        `  warm-up: ${warmupSeconds > 0 ? `${warmupSeconds} s at the same rate before the measured load, not counted (BENCH_WARMUP_SECONDS)` : 'none: the first cash-in is measured (BENCH_WARMUP_SECONDS=0)'}`,
        `  targets: ${E2E_TARGETS}`,
      ].join('\n'),
    );
    if (warmupSeconds > 0) {
      const w = await offerCashIns(harness, { rate, seconds: warmupSeconds, connections, drainMs: 120_000, idempotencyKeys });
      console.log(`warm-up: offered ${w.offered}, accepted ${w.accepted}, not sent ${w.notSent}, refused ${describeRefusals(w.refusals)}; ${w.completed} of ${w.accepted} completed, ${w.sustained.toFixed(1)}/s, CPU per cash-in ${w.cpu.stackTotal.toFixed(2)} ms (the services compiling their hot code); ${yardstick(w.cpu)}`);
    }
    if (statementStats) await harness.bench.dataSource.query(`SELECT pg_stat_statements_reset()`);
    const r = await offerCashIns(harness, { rate, seconds, connections, drainMs: 120_000, idempotencyKeys, customerOffset: warmupSeconds * rate });
    const adapter = await adapterSamples(harness.bench.stack);
    console.log(
      [
        `offered: ${r.offered} cash-ins over ${r.loadSeconds.toFixed(1)} s; accepted (201): ${r.accepted}; not sent (${connections} already in flight): ${r.notSent}; refused: ${describeRefusals(r.refusals)}`,
        `completed end to end (signed webhook received): ${r.completed} of ${r.accepted}; sustained ${r.deliveredRate.toFixed(1)} cash-ins/s from the first webhook to the last (${r.sustained.toFixed(1)}/s from the first offer to the last webhook)   [target ≥ 300/s for 60 s, every one completed]`,
        `create -> webhook latency: p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms; p50 ${r.p50FirstThird} ms for the first third's offers, ${r.p50LastThird} ms for the last third's (a growing backlog shows as the second above the first)   [target p99 < 2,000 ms]`,
        `POST /v1/payments, due -> 201: p50 ${r.answerP50} ms, p99 ${r.answerP99} ms`,
        `CPU per completed cash-in, the stack's processes: ${formatCpu(r.cpu)}   [target ≤ 6 ms for the stack]`,
        postgresSplit(r.cpu, r.postgresByService),
        `  minor page faults per completed cash-in, the stack's processes: ${formatFaults(r.cpu)} (bench:machine prices one on this VM)`,
        `  Postgres connections opened during the load: ${r.connectionsOpened} (each a server process started and its statements planned afresh)`,
        yardstick(r.cpu),
        `the adapter's calls to the operator since it started (warm-up included), by result: ${describeCounts(operatorCallsByResult(adapter))}`,
        `  its status checks by reason and answer: ${describeCounts(statusChecksByReason(adapter))}`,
      ].join('\n'),
    );
    if (statementStats) await printCostliestStatements(harness.bench.dataSource, r.completed);
    if (replicas > 1) {
      const check = await checkNothingMovedTwice(harness);
      console.log([`nothing moved twice (${replicas} replicas): ${check.passed ? 'PASSED' : 'FAILED'}`, ...check.lines].join('\n'));
      failed = !check.passed;
    }
  } finally {
    await harness.close();
  }
  process.exitCode = failed ? 1 : 0;
}

/**
 * The load generator does the same work per cash-in whatever the build (its own code, unchanged
 * by the stack's), so the stack's CPU as a multiple of its own compares builds on a VM whose speed
 * moves from run to run by more than most changes save.
 */
function yardstick(cpu: CpuPerUnit): string {
  const loadGenerator = cpu.outside.reduce((sum, [, ms]) => sum + ms, 0);
  if (loadGenerator <= 0) return 'the stack against the load generator: not measured';
  return `the stack used ${(cpu.stackTotal / loadGenerator).toFixed(2)} times the load generator's CPU per cash-in (same code in every build: compare builds by this on a VM whose speed varies)`;
}

/** Postgres' part of the stack's CPU by the service whose connection each backend served. */
function postgresSplit(cpu: CpuPerUnit, byService: [string, number][]): string {
  const total = cpu.stack.find(([name]) => name === 'postgres')?.[1] ?? 0;
  const served = byService.reduce((sum, [, ms]) => sum + ms, 0);
  const parts = byService.filter(([, ms]) => ms >= 0.005).map(([service, ms]) => `${service} ${ms.toFixed(2)}`);
  return `  of postgres's ${total.toFixed(2)} ms, by the service whose connection it served: ${parts.join(', ')}; other (Postgres' own processes, connections closed during the load) ${Math.max(0, total - served).toFixed(2)}`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
