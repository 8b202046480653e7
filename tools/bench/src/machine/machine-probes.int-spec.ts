import { join } from 'node:path';
import { WORKSPACE_ROOT } from '@momo/testing';
import { allowedCpus, commitFlushes, firstTouchOfPages, roundTrips, systemCallMicros } from './machine-probes';

// The built peer, as bench:machine forks it.
const PEER_SCRIPT = join(WORKSPACE_ROOT, 'dist', 'tools', 'bench', 'src', 'machine', 'echo-peer.js');

describe('bench:machine probes', () => {
  it('times system calls', () => {
    const micros = systemCallMicros(20_000);
    expect(micros).toBeGreaterThan(0);
    expect(micros).toBeLessThan(1_000);
  });

  it('counts the page faults that first touching fresh memory causes, one per page or so', () => {
    const touches = firstTouchOfPages(4_096);
    expect(touches.faults).toBeGreaterThanOrEqual(4_000);
    expect(touches.faults).toBeLessThan(4_096 * 2);
    expect(touches.microsPerFault).toBeGreaterThan(0);
  });

  it('touches fresh memory every time, however much the process has allocated and freed before', () => {
    const faults: number[] = [];
    for (let i = 0; i < 16; i++) {
      // Garbage between the probes: collections free the last probe's memory, which malloc would hand back already touched.
      let garbage: number[][] | null = [];
      for (let j = 0; j < 20; j++) garbage.push(new Array<number>(100_000).fill(j));
      garbage = null;
      faults.push(firstTouchOfPages(4_096).faults);
    }
    for (const count of faults) {
      expect(count).toBeGreaterThanOrEqual(4_000);
      expect(count).toBeLessThan(4_096 * 2);
    }
  });

  it('times a commit\'s write and flush to disk, back to back and paced, its spread ordered', async () => {
    const started = Date.now();
    const paced = await commitFlushes({ count: 10, everyMs: 20 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(10 * 20);
    expect(paced.count).toBe(10);
    const flushes = await commitFlushes({ count: 50, everyMs: 0 });
    expect(flushes.count).toBe(50);
    expect(flushes.p50Micros).toBeGreaterThan(0);
    expect(flushes.p99Micros).toBeGreaterThanOrEqual(flushes.p50Micros);
    expect(flushes.maxMicros).toBeGreaterThanOrEqual(flushes.p99Micros);
  });

  it('sends messages to another process and back, counting both processes\' CPU', async () => {
    const trips = await roundTrips({ count: 500, everyMs: 0, peerScript: PEER_SCRIPT });
    expect(trips.count).toBe(500);
    expect(trips.p50Micros).toBeGreaterThan(0);
    expect(trips.p99Micros).toBeGreaterThanOrEqual(trips.p50Micros);
    expect(trips.cpuMicros).toBeGreaterThan(0);
  });

  it('paces messages and pins both processes to one core when asked, then lets this process run anywhere again', async () => {
    const cpusBefore = allowedCpus();
    const started = Date.now();
    const trips = await roundTrips({ count: 10, everyMs: 20, cpus: '0', peerScript: PEER_SCRIPT });
    expect(Date.now() - started).toBeGreaterThanOrEqual(10 * 20);
    expect(trips.count).toBe(10);
    expect(allowedCpus()).toBe(cpusBefore);
  });
});
