import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blockStatFileOf, diskAcross, diskCountersOf, parseDiskStat } from './disk-counters';

// A line of /sys/block/vda/stat as this VM's kernel writes it (17 fields).
const STAT = '  114632    15627  3399914   137905  1800492   265529 92552456   329144        0   146340   507279    67873       62 37825160     8319   673800    31909\n';

describe('disk counters', () => {
  it('reads writes completed, their time and the time the device was busy from the kernel\'s stat line', () => {
    expect(parseDiskStat(STAT)).toEqual({ writes: 1800492, writeMs: 329144, busyMs: 146340 });
  });

  it('reads nothing from a line that is not one', () => {
    expect(parseDiskStat('')).toBeUndefined();
    expect(parseDiskStat('1 2 3')).toBeUndefined();
    expect(parseDiskStat('a b c d e f g h i j k')).toBeUndefined();
  });

  it('gives the mean time of the writes from the first reading to the last and in the slowest interval between two', () => {
    const at = (writes: number, writeMs: number, busyMs: number) => ({ writes, writeMs, busyMs });
    expect(diskAcross([at(10, 5, 3), at(12, 105, 53), at(20, 113, 55)])).toEqual({ writes: 10, meanWriteMs: 10.8, slowestMeanWriteMs: 50, busyMs: 52 });
    expect(diskAcross([at(10, 5, 3), at(10, 5, 3)])).toEqual({ writes: 0, meanWriteMs: 0, slowestMeanWriteMs: 0, busyMs: 0 });
    expect(diskAcross([undefined, at(1, 1, 1)])).toBeUndefined();
    expect(diskAcross([at(1, 1, 1)])).toBeUndefined();
  });

  it('reads the counters of the device under a folder where the kernel has them, and only there', () => {
    expect(diskCountersOf('/proc')).toBeUndefined();
    const read = diskCountersOf(tmpdir());
    expect(read !== undefined).toBe(existsSync(blockStatFileOf(tmpdir())));
    if (!read) return;
    const folder = mkdtempSync(join(tmpdir(), 'momo-disk-counters-'));
    try {
      const first = read()!;
      // flush: the write reaches the device before writeFileSync returns.
      writeFileSync(join(folder, 'f'), 'x', { flush: true });
      const second = read()!;
      expect(second.writes).toBeGreaterThan(first.writes);
      expect(second.writeMs).toBeGreaterThanOrEqual(first.writeMs);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
