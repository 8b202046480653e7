import 'reflect-metadata';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { loadConfig } from '@momo/platform';
import { WORKSPACE_ROOT } from '@momo/testing';
import { startBenchStack } from './bench-stack';
import { formatMachine, LOAD_GENERATOR } from './cpu-meter';
import { describeRunDelay, RunDelaySample, sampleRunDelay } from './run-delay';
import { describeStretch } from './stalls/machine-timeline';
import { RunRecorder } from './stalls/run-recorder';
import { describeEvent, episodesOfLateness, gcKindName, parseProcessLog, ProcessEvent } from './stalls/episodes';
import { SamplingHeapProfile, summariseHeapProfile } from './stalls/heap-summary';
import { pacedLoad, PacedTarget } from './paced-load';
import { oneStoredPayment, paymentsFromManyCustomers } from './payment-requests';
import { quantile } from './quantile';
import { describeSettlementRuns, settlementRunsBetween } from './settlement-runs';
import { GET_P99_TARGET_MS, POST_P99_TARGET_MS } from './targets';

/**
 * `npm run bench:stalls`: what the tail of `GET /v1/payments/:id` (or, with BENCH_ENDPOINT=post,
 * of `POST /v1/payments`) is made of. Every service runs with stalls/preload.ts, which logs each
 * late turn of its event loop and each GC pause; requests are paced at one rate (after a warm-up
 * at the same rate), each request's due time and latency kept. Prints p50/p99/max per window, the
 * GC pauses per process, and the worst episodes of late requests beside what every process logged
 * across them. An episode with no event beside it was
 * a wait outside the services' event loops: Postgres, or a core taken by another process.
 * Asserts nothing; `BENCH_NODE_ARGS` puts V8 flags on every service for a comparison.
 */
class StallsConfig {
  /** `get`: one payment read again and again; `post`: payments from many customers, each with its own Idempotency-Key. */
  @IsIn(['get', 'post']) BENCH_ENDPOINT: 'get' | 'post' = 'get';
  /** Requests per second; by default about half this machine's maximum on a fast VM (4,000 `GET`s, 250 `POST`s). */
  @IsOptional() @IsInt() @Min(1) @Max(100_000) BENCH_RATE?: number;
  @IsInt() @Min(10) @Max(600) BENCH_SECONDS: number = 60;
  /** A request answered later than this after it was due is late; by default 20 ms for `GET`s, 100 ms for `POST`s (whose median is tens of ms). */
  @IsOptional() @IsInt() @Min(1) @Max(10_000) BENCH_LATE_MS?: number;
  /** How many of the worst episodes to print. */
  @IsInt() @Min(1) @Max(1_000) BENCH_EPISODES: number = 8;
  /**
   * Seconds of V8's sampling heap profile in every service from the start of the counted run (0:
   * none): what each allocates, and under which call of ours. Sampling costs CPU and its end a
   * long pause, so that run's latencies are not comparable with a run without it.
   */
  @IsInt() @Min(0) @Max(600) BENCH_HEAP_PROFILE_SECONDS: number = 0;
  /**
   * How often to read every process's CPU and the machine's ticks (ms; 0: never), so each episode
   * says how busy the machine was across it, how much the hypervisor stole and which processes
   * ran. A reading walks /proc: 1-2 ms of this process's loop each time, which delays the
   * requests due then by as much.
   */
  @IsInt() @Min(0) @Max(10_000) BENCH_TIMELINE_MS: number = 100;
  /** Processes of each of our five services, the requests going round the gateways as a load balancer would send them. */
  @IsInt() @Min(1) @Max(4) BENCH_REPLICAS: number = 1;
}

const WINDOW_SECONDS = 10;
const WARM_UP_SECONDS = 15;

async function main(): Promise<void> {
  const config = loadConfig(StallsConfig);
  const logs = join(WORKSPACE_ROOT, 'tmp', 'stalls', new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(logs, { recursive: true });
  const bench = await startBenchStack('stalls', {
    replicas: config.BENCH_REPLICAS,
    nodeArgs: ['--require', join(__dirname, 'stalls', 'preload.js')],
    serviceSettings: { STALLS_LOG_DIR: logs, ...(config.BENCH_HEAP_PROFILE_SECONDS > 0 ? { STALLS_HEAP_PROFILE: 'true' } : {}) },
  });
  try {
    const posting = config.BENCH_ENDPOINT === 'post';
    const heapSeconds = Math.min(config.BENCH_HEAP_PROFILE_SECONDS, config.BENCH_SECONDS);
    const rate = config.BENCH_RATE ?? (posting ? 250 : 4_000);
    const lateMs = config.BENCH_LATE_MS ?? (posting ? 100 : 20);
    const base = bench.stack.url('api-gateway');
    const replicaOrigins = bench.stack.urls('api-gateway').slice(1);
    const target: PacedTarget = {
      ...(posting
        ? paymentsFromManyCustomers(base, bench.merchant.appKey)
        : { url: `${base}/v1/payments/${await oneStoredPayment(base, bench.merchant.appKey)}`, headers: { authorization: `Bearer ${bench.merchant.appKey}` } }),
      replicaOrigins,
    };
    const total = rate * config.BENCH_SECONDS;
    const due = new Float64Array(total);
    const latency = new Float64Array(total);
    console.log(
      `bench:stalls: ${posting ? 'POST /v1/payments' : 'GET /v1/payments/:id'} paced at ${rate}/s for ${config.BENCH_SECONDS} s after ${WARM_UP_SECONDS} s of warm-up; late means over ${lateMs} ms${config.BENCH_REPLICAS > 1 ? `; ${config.BENCH_REPLICAS} processes of each service, requests going round the gateways` : ''}`,
    );
    console.log(`  settled: ${bench.settled}; the services' logs of late turns and GC pauses: ${logs}`);
    // The services' event-loop ticks start now that the stack has settled (preload.ts).
    writeFileSync(join(logs, 'loop-ticks.on'), '');
    const withLoadGenerator = bench.metered(LOAD_GENERATOR);
    let runDelayAtStart: RunDelaySample | undefined;
    const recorder = new RunRecorder(bench.metered(), bench.dataSource, { windowMs: WINDOW_SECONDS * 1000, timelineMs: config.BENCH_TIMELINE_MS });
    const result = await pacedLoad(target, rate, config.BENCH_SECONDS, {
      warmUpSeconds: WARM_UP_SECONDS,
      measuring: () => {
        recorder.start();
        runDelayAtStart = sampleRunDelay(withLoadGenerator);
        if (heapSeconds > 0) {
          writeFileSync(join(logs, 'heap-profile.on'), '');
          setTimeout(() => writeFileSync(join(logs, 'heap-profile.off'), ''), heapSeconds * 1000).unref();
        }
      },
      onAnswer: (index, dueAt, latencyMs) => {
        due[index] = dueAt;
        latency[index] = latencyMs;
      },
    });
    recorder.stop();
    const runDelayAtEnd = sampleRunDelay(withLoadGenerator);
    const countedUntil = Date.now();
    const targetMs = posting ? POST_P99_TARGET_MS : GET_P99_TARGET_MS;
    console.log(`whole run: p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms (non-2xx ${result.non2xx}, errors ${result.errors})   [bench:api's target p99 < ${targetMs} ms]`);

    const perWindow = rate * WINDOW_SECONDS;
    for (let from = 0; from < total; from += perWindow) {
      const window = Array.from(latency.subarray(from, from + perWindow)).sort((a, b) => a - b);
      const at = (q: number) => quantile(window, q).toFixed(1);
      const machine = recorder.windowShares(from / perWindow);
      console.log(`  ${from / rate}-${(from + window.length) / rate} s: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms${machine ? `; the machine ${formatMachine(machine)}` : ''}`);
    }

    const runFrom = due[0];
    const events: ProcessEvent[] = readdirSync(logs).filter((file) => file.endsWith('.log')).flatMap((file) =>
      parseProcessLog(file.replace(/\.log$/, ''), readFileSync(join(logs, file), 'utf8')).filter((e) => e.at >= runFrom),
    );
    console.log('GC pauses over 2 ms in the counted run, by process:');
    const processes = [...new Set(events.map((e) => e.process))].sort();
    for (const name of processes) {
      const pauses = events.filter((e) => e.process === name && e.kind === 'gc');
      const kinds = new Map<string, number[]>();
      for (const pause of pauses) {
        const kind = gcKindName(pause.detail);
        kinds.set(kind, [...(kinds.get(kind) ?? []), pause.durationMs]);
      }
      const described = [...kinds].map(([kind, ms]) => `${ms.length} ${kind} (longest ${Math.max(...ms).toFixed(1)} ms)`).join(', ');
      console.log(`  ${name}: ${described || 'none'}`);
    }

    if (runDelayAtStart) {
      console.log(
        "Waiting for a core in the counted run, by process (the scheduler's counters for each one's main thread: a service's event loop; this bench's own ticks every 2 ms wake the idle ones):",
      );
      for (const line of describeRunDelay(runDelayAtStart, runDelayAtEnd)) console.log(`  ${line}`);
    }

    const maintenance = await recorder.maintenance();
    if (maintenance) console.log(`Postgres' own maintenance in the counted run: ${maintenance}`);
    console.log(`Settlement runs in the counted run: ${describeSettlementRuns(await settlementRunsBetween(bench.dataSource, runFrom, countedUntil), runFrom)}`);

    const episodes = episodesOfLateness(due, latency, events, lateMs);
    const late = episodes.reduce((sum, e) => sum + e.requests, 0);
    console.log(`${late} requests late (${((100 * late) / total).toFixed(2)}%) in ${episodes.length} episodes; the worst ${Math.min(config.BENCH_EPISODES, episodes.length)}:`);
    for (const episode of episodes.slice(0, config.BENCH_EPISODES)) {
      console.log(
        `  at ${((episode.from - runFrom) / 1000).toFixed(2)} s: ${episode.requests} requests due over ${(episode.to - episode.from).toFixed(0)} ms, the worst ${episode.worstMs.toFixed(0)} ms late`,
      );
      const account = recorder.accountFor(episode.from, episode.to + episode.worstMs);
      if (account) console.log(`    ${describeStretch(account)}`);
      for (const event of episode.events) console.log(`    ${describeEvent(event, episode.from)}`);
      if (episode.events.length === 0) console.log('    no service logged a late turn or a GC pause: the wait was outside their event loops');
    }
    if (heapSeconds > 0) await printHeapProfiles(logs, heapSeconds);
  } finally {
    await bench.stop();
  }
}

/** What each service allocated in the profiled seconds, by package and by the call of ours it happened under. */
async function printHeapProfiles(logs: string, seconds: number): Promise<void> {
  const profiles = await heapProfilesOf(logs);
  console.log(`allocated in the first ${seconds} s of the counted run (V8's sampling heap profile, collected objects included; profiles in ${logs}):`);
  for (const file of profiles) {
    const summary = summariseHeapProfile(JSON.parse(readFileSync(join(logs, file), 'utf8')) as SamplingHeapProfile);
    const share = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB (${((100 * bytes) / summary.totalBytes).toFixed(1)}%)`;
    console.log(`  ${file.replace(/\.heapprofile$/, '')}: ${(summary.totalBytes / 1e6).toFixed(1)} MB, ${(summary.totalBytes / 1e6 / seconds).toFixed(1)} MB/s`);
    console.log(`    by package: ${summary.byPackage.slice(0, 6).map(([name, bytes]) => `${name} ${share(bytes)}`).join(', ')}`);
    for (const [frame, bytes] of summary.byOwnFrame.slice(0, 6)) console.log(`    under ${frame}: ${share(bytes)}`);
  }
}

/** The services' heap profiles: one per process that logged into the folder (a `.log` each), waited for up to 20 s. */
async function heapProfilesOf(folder: string): Promise<string[]> {
  const processes = readdirSync(folder).filter((f) => f.endsWith('.log')).length;
  const profiles = () => readdirSync(folder).filter((f) => f.endsWith('.heapprofile')).sort();
  for (let waited = 0; waited < 20_000 && profiles().length < processes; waited += 500) await sleep(500);
  return profiles();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
