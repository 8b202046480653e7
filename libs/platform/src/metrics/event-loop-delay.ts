import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Gauge, Registry } from 'prom-client';

/** How often the loop is sampled for the event-loop delay gauges. */
export const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * Given to prom-client's own event-loop delay histogram, which cannot be left out of its default
 * metrics: a sampling timer that never fires in practice (the gauges it fed are replaced below).
 */
export const PROM_CLIENT_SAMPLER_OFF_MS = 2 ** 31 - 1;

const GAUGES = {
  min: 'The minimum recorded event loop delay.',
  max: 'The maximum recorded event loop delay.',
  mean: 'The mean of the recorded event loop delays.',
  stddev: 'The standard deviation of the recorded event loop delays.',
  p50: 'The 50th percentile of the recorded event loop delays.',
  p90: 'The 90th percentile of the recorded event loop delays.',
  p99: 'The 99th percentile of the recorded event loop delays.',
} as const;
type Statistic = keyof typeof GAUGES;

/**
 * The nodejs_eventloop_lag_{min,max,mean,stddev,p50,p90,p99}_seconds gauges, sampled every
 * EVENT_LOOP_SAMPLE_MS instead of prom-client's 10 ms: its sampling timer woke every idle process
 * 100 times a second, a quarter of a service's wake-ups at 50 cash-ins/s and a fifth of the idle
 * stack's CPU (docs/performance.md, step 32). Node's histogram records the time between samples,
 * so these report that less the sampling interval: how late the loop was (prom-client's read
 * about 10 ms on a quiet loop). Each scrape reports the delays since the previous one.
 */
export function registerEventLoopDelay(register: Registry): void {
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_SAMPLE_MS });
  histogram.enable();
  const late = (ns: number) => Math.max(0, ns / 1e9 - EVENT_LOOP_SAMPLE_MS / 1000);
  const reading: Record<Statistic, () => number> = {
    min: () => late(histogram.min),
    max: () => late(histogram.max),
    mean: () => late(histogram.mean),
    stddev: () => histogram.stddev / 1e9,
    p50: () => late(histogram.percentile(50)),
    p90: () => late(histogram.percentile(90)),
    p99: () => late(histogram.percentile(99)),
  };
  const statistics = Object.keys(GAUGES) as Statistic[];
  for (const statistic of statistics) register.removeSingleMetric(gaugeName(statistic));
  const gauges = statistics.map(
    (statistic, index) =>
      new Gauge({
        name: gaugeName(statistic),
        help: GAUGES[statistic],
        registers: [register],
        // The first gauge collected sets them all from one reading of the histogram, then starts it afresh.
        collect: index === 0 ? readAll : undefined,
      }),
  );
  function readAll(): void {
    gauges.forEach((gauge, index) => gauge.set(histogram.count === 0 ? 0 : reading[statistics[index]]()));
    histogram.reset();
  }
}

function gaugeName(statistic: Statistic): string {
  return `nodejs_eventloop_lag_${statistic}_seconds`;
}
