import { closeSync, existsSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { Session } from 'node:inspector';
import { basename, dirname, join } from 'node:path';
import { PerformanceEntry, performance, PerformanceObserver } from 'node:perf_hooks';

/**
 * Loaded into every service by `bench:stalls` (`node --require`): writes to STALLS_LOG_DIR each
 * moment the process's event loop ran late and each garbage collection that stopped it, stamped
 * with the wall clock the load generator stamps its requests with, so a late request can be set
 * beside what every process was doing. A timer every 2 ms; a gap is a turn that came more than
 * 8 ms after the last, logged with the CPU the process used across it (more than the gap: other
 * threads of it ran too, V8's marking helpers; much less: it waited for a core).
 *
 * The timer starts when the benchmark writes `loop-ticks.on` in the log folder, once the stack has
 * settled: it costs a process about 40 ms of CPU a second, six services 0.2 s a second, more than
 * the whole idle stack, so running from the start it kept the stack from ever looking quiet
 * (bench-stack's settling rule) and the run began before the start-up collections were done.
 */
const TICK_MS = 2;
const GAP_MS = 8;
const PAUSE_MS = 2;

const folder = process.env.STALLS_LOG_DIR;
if (folder) {
  // dist/apps/<service>/src/main.js: the service's name is three folders up.
  const service = basename(dirname(dirname(process.argv[1] ?? 'unknown')));
  const log = openSync(join(folder, `${service}-${process.pid}.log`), 'a');
  const now = () => performance.timeOrigin + performance.now();
  whenAsked(join(folder, 'loop-ticks.on'), () => {
    let lastTurn = now();
    let lastCpu = process.cpuUsage();
    setInterval(() => {
      const turn = now();
      const cpu = process.cpuUsage();
      if (turn - lastTurn > GAP_MS) {
        const cpuMs = (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000;
        writeSync(log, `gap ${lastTurn.toFixed(1)} ${(turn - lastTurn).toFixed(1)} ${cpuMs.toFixed(1)}\n`);
      }
      lastTurn = turn;
      lastCpu = cpu;
    }, TICK_MS).unref();
  });
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      if (entry.duration < PAUSE_MS) continue;
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      writeSync(log, `gc ${(performance.timeOrigin + entry.startTime).toFixed(1)} ${entry.duration.toFixed(1)} ${kind ?? 0}\n`);
    }
  }).observe({ entryTypes: ['gc'] });
  process.once('exit', () => closeSync(log));
  if (process.env.STALLS_HEAP_PROFILE === 'true') sampleHeapWhenAsked(folder, `${service}-${process.pid}`);
}

/**
 * V8's sampling heap profiler (one sample per 16 KB allocated, collected objects counted too: what
 * a process allocates, not what it keeps), from when the benchmark writes `heap-profile.on` in the
 * log folder until it writes `heap-profile.off`; the profile goes beside the logs as
 * `<service>-<pid>.heapprofile` (Chrome's DevTools open it too).
 */
function sampleHeapWhenAsked(folder: string, name: string): void {
  const session = new Session();
  session.connect();
  whenAsked(join(folder, 'heap-profile.on'), () => {
    session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    whenAsked(join(folder, 'heap-profile.off'), () =>
      session.post('HeapProfiler.stopSampling', (error, result) => {
        if (!error) writeFileSync(join(folder, `${name}.heapprofile`), JSON.stringify(result.profile));
        session.disconnect();
      }),
    );
  });
}

/** Runs `start` once the file `signal` exists (the benchmark's word), looking four times a second. */
function whenAsked(signal: string, start: () => void): void {
  const poll = setInterval(() => {
    if (!existsSync(signal)) return;
    clearInterval(poll);
    start();
  }, 250).unref();
}
