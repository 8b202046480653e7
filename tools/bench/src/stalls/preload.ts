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
  let state: 'waiting' | 'sampling' | 'done' = 'waiting';
  const poll = setInterval(() => {
    if (state === 'waiting' && existsSync(join(folder, 'heap-profile.on'))) {
      state = 'sampling';
      session.post('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    } else if (state === 'sampling' && existsSync(join(folder, 'heap-profile.off'))) {
      state = 'done';
      clearInterval(poll);
      session.post('HeapProfiler.stopSampling', (error, result) => {
        if (!error) writeFileSync(join(folder, `${name}.heapprofile`), JSON.stringify(result.profile));
        session.disconnect();
      });
    }
  }, 250).unref();
}
