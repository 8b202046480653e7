import { readFileSync, statSync } from 'node:fs';

/** A block device's counters so far (the kernel's `/sys/dev/block/<major>:<minor>/stat`). */
export interface DiskCounters {
  writes: number;
  /** Every write's time from issue to completion, summed (writes in flight together each count). */
  writeMs: number;
  /** Time the device had anything in flight. */
  busyMs: number;
}

/** What the disk did across consecutive readings. */
export interface DiskStretch {
  writes: number;
  /** Mean time a write took: the host's storage stalling shows as tens of milliseconds here. */
  meanWriteMs: number;
  /** The same in the slowest interval between two of the readings, where a short stall stands out. */
  slowestMeanWriteMs: number;
  busyMs: number;
}

/**
 * Reads the counters of the device that holds `path` (the benchmarks' Postgres keeps its data in
 * the temporary folder, so that folder's device is where its commits wait). Undefined where the
 * kernel does not expose them (not Linux, or a file system on no block device, such as tmpfs).
 */
export function diskCountersOf(path: string): (() => DiskCounters | undefined) | undefined {
  const file = blockStatFileOf(path);
  const read = () => {
    try {
      return parseDiskStat(readFileSync(file, 'utf8'));
    } catch {
      return undefined;
    }
  };
  return read() ? read : undefined;
}

/** Where the kernel keeps the counters of the device that holds `path` (it may not exist). */
export function blockStatFileOf(path: string): string {
  const { dev } = statSync(path);
  return `/sys/dev/block/${deviceMajor(dev)}:${deviceMinor(dev)}/stat`;
}

/** The stat file's fields (Documentation/block/stat.rst): writes completed 5th, their ticks 8th, busy ticks 10th. */
export function parseDiskStat(text: string): DiskCounters | undefined {
  const fields = text.trim().split(/\s+/).map(Number);
  if (fields.length < 11 || fields.some((n) => !Number.isFinite(n))) return undefined;
  return { writes: fields[4], writeMs: fields[7], busyMs: fields[9] };
}

/** What the disk did from the first reading to the last; undefined if any of them is missing. */
export function diskAcross(readings: readonly (DiskCounters | undefined)[]): DiskStretch | undefined {
  if (readings.length < 2 || readings.some((r) => r === undefined)) return undefined;
  const counters = readings as DiskCounters[];
  const meanWrite = (from: DiskCounters, to: DiskCounters) => (to.writes > from.writes ? (to.writeMs - from.writeMs) / (to.writes - from.writes) : 0);
  const first = counters[0];
  const last = counters[counters.length - 1];
  const intervals = counters.slice(1).map((to, i) => meanWrite(counters[i], to));
  return { writes: last.writes - first.writes, meanWriteMs: meanWrite(first, last), slowestMeanWriteMs: Math.max(...intervals), busyMs: last.busyMs - first.busyMs };
}

// Linux's dev_t: the major number in bits 8-19 and 32 up, the minor in bits 0-7 and 20-31.
function deviceMajor(dev: number): number {
  return Number(((BigInt(dev) >> 8n) & 0xfffn) | ((BigInt(dev) >> 32n) & ~0xfffn));
}

function deviceMinor(dev: number): number {
  return Number((BigInt(dev) & 0xffn) | ((BigInt(dev) >> 12n) & ~0xffn));
}
