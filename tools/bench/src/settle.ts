import { setTimeout as sleep } from 'node:timers/promises';
import { MeteredProcesses, sampleCpu } from './cpu-meter';

export interface QuietRule {
  /** The stack counts as quiet while it uses less than this much CPU per second, all processes together (ms). */
  maxCpuMsPerSecond: number;
  /** How long it must stay quiet. */
  forMs: number;
  /** Give up waiting after this long (the benchmark then runs anyway, and says so). */
  atMostMs: number;
}

/**
 * A stack that has just started is not yet the stack a merchant meets: for the first 15-20 s each
 * idle service runs one or two full garbage collections of its start-up garbage (V8's memory
 * reducer, about 8 s after a process goes quiet), 100-170 ms of CPU each, one service after
 * another. Measured then, they land in a latency run as 40-80 ms stalls. Measuring from when the
 * stack has been quiet for a while measures the steady state instead.
 */
export const STARTUP_SETTLED: QuietRule = { maxCpuMsPerSecond: 100, forMs: 10_000, atMostMs: 60_000 };

export interface Settling {
  waitedMs: number;
  quiet: boolean;
}

/** Waits until the stack has been quiet as the rule says; returns how long that took and whether it got there. */
export async function untilQuiet(metered: MeteredProcesses, rule: QuietRule = STARTUP_SETTLED): Promise<Settling> {
  const started = Date.now();
  let quietSince = started;
  let previous = stackTotal(metered);
  while (Date.now() - started < rule.atMostMs) {
    const stepStarted = Date.now();
    await sleep(1_000);
    const now = stackTotal(metered);
    const perSecond = ((now - previous) * 1_000) / (Date.now() - stepStarted);
    previous = now;
    if (perSecond >= rule.maxCpuMsPerSecond) quietSince = Date.now();
    else if (Date.now() - quietSince >= rule.forMs) return { waitedMs: Date.now() - started, quiet: true };
  }
  return { waitedMs: Date.now() - started, quiet: false };
}

/** One line for the benchmark's header: from when it measured, and why. */
export function describeSettling({ waitedMs, quiet }: Settling, rule: QuietRule = STARTUP_SETTLED): string {
  const waited = `${(waitedMs / 1000).toFixed(0)} s`;
  return quiet
    ? `measured from ${waited} after the start, once the stack had been quiet for ${rule.forMs / 1000} s (start-up garbage collections done)`
    : `the stack was still busy ${waited} after the start; measured anyway`;
}

function stackTotal(metered: MeteredProcesses): number {
  let total = 0;
  for (const ms of sampleCpu(metered).stack.values()) total += ms;
  return total;
}
