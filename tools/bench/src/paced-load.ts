import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { BalancedPool, Pool } from 'undici';

export interface PacedTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  /** A fresh body per request (POSTs from many customers), or none. */
  body?: () => string;
  /** Headers of each request's own (an Idempotency-Key), beside `headers`. */
  ownHeaders?: () => Record<string, string>;
  /** A path of each request's own (reads going round many resources), instead of the URL's. */
  path?: () => string;
  /** More servers answering the same requests (replicas behind a load balancer): requests go round all of them and `url`'s. */
  replicaOrigins?: string[];
}

export interface PacedResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /**
   * How late the load generator itself issued its requests (ms after each was due), p50 and p99:
   * its own event loop's delay, which the latencies include since they count from when each request
   * was due. A lower bound of the generator's share: an answer it read late is not in it.
   */
  issuedLateP50: number;
  issuedLateP99: number;
}

export interface PacedOptions {
  /** Requests in flight at most (the pool's connections, each kept alive). */
  connections?: number;
  /**
   * Seconds of the same load sent first on the same connections and not counted (0: none). A
   * server that has only seen another client (autocannon's burst for the maximum) deoptimises
   * code the new connections and their requests reach, and recompiles it a few seconds later;
   * the client compiles its own paced loop at the same time, and on two cores that compilation
   * is the tail measured (docs/performance.md, "Measured on 2026-11-28 (late morning)").
   */
  warmUpSeconds?: number;
  /** Called when the counted requests begin (after the warm-up): where a caller starts its CPU meters. */
  measuring?: () => void;
  /** Called once each counted request is answered: its place in the run (0 first due), due time (wall clock, epoch ms) and latency. */
  onAnswer?: (index: number, dueAt: number, latencyMs: number) => void;
}

/**
 * Open-loop load at a steady rate: request i is due at start + i/rate, whether or not earlier
 * ones have answered, and its latency counts from when it was due. A slow answer therefore shows
 * as the wait every later request would really see (no coordinated omission), and the load is
 * evenly spaced instead of autocannon's burst at the top of each second.
 */
export async function pacedLoad(target: PacedTarget, rate: number, seconds: number, options: PacedOptions = {}): Promise<PacedResult> {
  const { connections = 64, warmUpSeconds = 0, measuring, onAnswer } = options;
  const url = new URL(target.url);
  const origins = [url.origin, ...(target.replicaOrigins ?? [])];
  const pool = origins.length === 1 ? new Pool(url.origin, { connections, pipelining: 1 }) : new BalancedPool(origins, { connections: Math.ceil(connections / origins.length), pipelining: 1 });
  try {
    await openConnections(pool, connections);
    if (warmUpSeconds > 0) await sendPaced(pool, url, target, rate, warmUpSeconds);
    measuring?.();
    return await sendPaced(pool, url, target, rate, seconds, onAnswer);
  } finally {
    await pool.close();
  }
}

async function sendPaced(pool: Pool | BalancedPool, url: URL, target: PacedTarget, rate: number, seconds: number, onAnswer?: PacedOptions['onAnswer']): Promise<PacedResult> {
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies = new Float64Array(total);
  const issuedLate = new Float64Array(total);
  const interval = 1000 / rate;
  let non2xx = 0;
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const fire = (index: number, due: number): Promise<void> => {
    issuedLate[index] = performance.now() - due;
    return pool
      .request({ path: target.path?.() ?? url.pathname + url.search, method: target.method ?? 'GET', headers: target.ownHeaders ? { ...target.headers, ...target.ownHeaders() } : target.headers, body: target.body?.() })
      .then(async (response) => {
        await response.body.dump();
        if (response.statusCode < 200 || response.statusCode > 299) non2xx++;
      })
      .catch(() => {
        errors++;
      })
      .finally(() => {
        latencies[index] = performance.now() - due;
        onAnswer?.(index, performance.timeOrigin + due, latencies[index]);
      });
  };

  const start = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && start + next * interval <= now) {
      inFlight.push(fire(next, start + next * interval));
      next++;
    }
    if (next < total) await sleep(Math.max(0, start + next * interval - performance.now()));
  }
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - start) / 1000;

  latencies.sort();
  issuedLate.sort();
  const at = (sorted: Float64Array, quantile: number) => round(sorted[Math.min(total - 1, Math.ceil(quantile * total) - 1)]);
  return {
    requests: total,
    requestsPerSecond: total / elapsedSeconds,
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    max: round(latencies[total - 1]),
    non2xx,
    errors,
    issuedLateP50: at(issuedLate, 0.5),
    issuedLateP99: at(issuedLate, 0.99),
  };
}

/**
 * Opens the pool's connections before the clock starts, as autocannon does: the load is a client
 * that keeps its connections alive (a merchant's backend), not one that connects while measured.
 * Opened lazily, the first second's requests paid for up to `connections` connections being set
 * up at once, a start-up stall of 24-444 ms in most of the runs tried, whatever the route. The
 * requests ask for a path no server here has, so they create nothing.
 */
async function openConnections(pool: Pool | BalancedPool, connections: number): Promise<void> {
  await Promise.all(
    Array.from({ length: connections }, () =>
      pool.request({ path: '/bench-warm-up', method: 'GET' }).then(
        (response) => response.body.dump(),
        () => undefined,
      ),
    ),
  );
}

function round(milliseconds: number): number {
  return Math.round(milliseconds * 10) / 10;
}
