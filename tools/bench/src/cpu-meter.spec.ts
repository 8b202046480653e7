import { cpuPerUnit, formatCpu, formatFaults, machineShares, ownProcess, readMachineTicks, sampleCpu } from './cpu-meter';

const PROC_STAT = (user: number, idle: number, steal: number) =>
  [`cpu  ${user} 10 ${user / 4} ${idle} 20 0 ${user / 10} ${steal} 0 0`, `cpu0 1 2 3 4 5 6 7 8 0 0`, 'intr 12345'].join('\n');

describe('the machine beside the stack', () => {
  it("reads /proc/stat's first line: busy is user, nice, system, irq and softirq; idle takes iowait in; steal apart", () => {
    expect(readMachineTicks(PROC_STAT(1000, 5000, 70))).toEqual({ busy: 1000 + 10 + 250 + 0 + 100, idle: 5020, steal: 70 });
  });

  it('answers nothing for text that is not a cpu line, rather than a wrong share', () => {
    expect(readMachineTicks('intr 1 2 3\ncpu 1 2 3')).toBeUndefined();
    expect(readMachineTicks('cpu 1 2 3')).toBeUndefined();
  });

  it('shares the time between two readings: busy and stolen over everything that passed', () => {
    const before = { busy: 1_000, idle: 9_000, steal: 100 };
    const after = { busy: 1_150, idle: 9_040, steal: 110 };

    expect(machineShares(before, after)).toEqual({ busy: 150 / 200, steal: 10 / 200 });
    expect(machineShares(undefined, after)).toBeUndefined();
    expect(machineShares(before, before)).toBeUndefined();
  });

  it("prints the machine's shares after the stack's CPU per unit", () => {
    const cpu = cpuPerUnit(
      { stack: new Map([['postgres', 100]]), outside: new Map(), machine: { busy: 0, idle: 0, steal: 0 } },
      { stack: new Map([['postgres', 300]]), outside: new Map(), machine: { busy: 160, idle: 30, steal: 10 } },
      100,
    );

    expect(formatCpu(cpu)).toBe('2.00 ms (postgres 2.00); the machine meanwhile: 80% busy, 5.0% stolen by the hypervisor');
  });
});

describe("the stack's page faults", () => {
  it('counts the first touches of fresh memory against the process that made them', () => {
    const metered = { stack: { 'this process': [ownProcess(() => process.pid)] }, outside: {} };
    const before = sampleCpu(metered);
    const fresh = Buffer.allocUnsafeSlow(32 * 1024 * 1024);
    fresh.fill(1);
    const after = sampleCpu(metered);

    // 32 MiB is 8,192 small pages, or 16 huge ones where the kernel backs it with those.
    const faults = after.stackFaults!.get('this process')! - before.stackFaults!.get('this process')!;
    expect(faults).toBeGreaterThanOrEqual(16);
    expect(fresh[fresh.length - 1]).toBe(1);
  });

  it('prints faults per unit beside their split, and says so where a sample did not count them', () => {
    const counted = cpuPerUnit(
      { stack: new Map([['postgres', 0], ['redis', 0]]), outside: new Map(), stackFaults: new Map([['postgres', 1_000], ['redis', 50]]) },
      { stack: new Map([['postgres', 10], ['redis', 10]]), outside: new Map(), stackFaults: new Map([['postgres', 1_400], ['redis', 150]]) },
      100,
    );
    const uncounted = cpuPerUnit({ stack: new Map(), outside: new Map() }, { stack: new Map(), outside: new Map(), stackFaults: new Map() }, 100);

    expect(formatFaults(counted)).toBe('5.0 (postgres 4.0, redis 1.0)');
    expect(formatFaults(uncounted)).toBe('not counted');
  });
});
