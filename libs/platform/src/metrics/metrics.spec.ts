import { EVENT_LOOP_SAMPLE_MS } from './event-loop-delay';
import { metricsRegistry } from './metrics';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One gauge as /metrics serves it (the exposition text: collecting is what samples the histogram). */
async function gauge(name: string): Promise<number> {
  const line = (await metricsRegistry.metrics()).split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}

function blockTheLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // a synchronous stall, as a slow handler would cause
  }
}

/** The event-loop delay a platform engineer reads on /metrics, sampled every EVENT_LOOP_SAMPLE_MS. */
describe('event-loop delay on /metrics', () => {
  it('shows a stall longer than the sampling interval', async () => {
    await sleep(250);
    await gauge('nodejs_eventloop_lag_max_seconds'); // each scrape starts the histogram afresh
    // The first sample after a scrape only starts the clock (Node's histogram, reset).
    await sleep(EVENT_LOOP_SAMPLE_MS * 1.5);
    blockTheLoop(400);
    await sleep(250);
    expect(await gauge('nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.25);
  });

  it('shows a quiet loop as not late: the sampling interval is not counted as delay', async () => {
    await sleep(250);
    await gauge('nodejs_eventloop_lag_max_seconds');
    await sleep(EVENT_LOOP_SAMPLE_MS * 5);
    // The median, not the maximum: counting the interval would put every sample at 0.1 s or more,
    // while one sample of a quiet loop can still be late when the machine (a busy CI) preempts it.
    expect(await gauge('nodejs_eventloop_lag_p50_seconds')).toBeLessThan(0.05);
  });

  it('keeps the lag measured at each scrape and the other default metrics', async () => {
    const text = await metricsRegistry.metrics();
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_cpu_seconds_total', 'nodejs_heap_size_used_bytes']) {
      expect(text).toMatch(new RegExp(`^${name} `, 'm'));
    }
    expect(text.match(/^# HELP nodejs_eventloop_lag_max_seconds /gm)).toHaveLength(1);
  });
});
