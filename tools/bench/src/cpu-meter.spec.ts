import { cpuPerUnit, formatCpu, machineShares, readMachineTicks } from './cpu-meter';

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
