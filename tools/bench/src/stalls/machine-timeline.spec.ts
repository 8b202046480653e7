import type { CpuSample } from '../cpu-meter';
import type { BackendSample } from '../postgres-by-service';
import { accountFor, describeStretch, TimelineSample } from './machine-timeline';

/** A reading at `at` ms: CPU ms so far per process, and the machine's busy / idle / stolen ticks so far. */
function reading(at: number, cpu: Record<string, number>, machine: [number, number, number]): TimelineSample {
  const sample: CpuSample = { stack: new Map(Object.entries(cpu)), outside: new Map(), machine: { busy: machine[0], idle: machine[1], steal: machine[2] } };
  return { at, cpu: sample };
}

/** One backend per service (pids in the order given), with its CPU so far. */
function backends(msByService: Record<string, number>): BackendSample {
  return new Map(Object.entries(msByService).map(([service, ms], i) => [1000 + i, { service, ms }]));
}

const READINGS = [
  reading(1_000, { postgres: 100, 'payments-core': 50 }, [100, 100, 0]),
  reading(1_100, { postgres: 150, 'payments-core': 60 }, [110, 108, 2]),
  reading(1_200, { postgres: 160, 'payments-core': 90 }, [128, 108, 4]),
  reading(1_300, { postgres: 170, 'payments-core': 90 }, [130, 125, 5]),
];

describe('accountFor', () => {
  it('takes the readings that enclose the stretch and tells what the machine and each process did between them', () => {
    const account = accountFor(READINGS, 1_150, 1_200);

    expect(account).toMatchObject({ fromMs: 1_100, toMs: 1_200, cpuMs: [['payments-core', 30], ['postgres', 10]] });
    expect(account?.machine).toEqual({ busy: 18 / 20, steal: 2 / 20 });
    expect(describeStretch(account!)).toBe(
      "over the 100 ms around it: the machine 90% busy, 10.0% stolen by the hypervisor; CPU ms of the stack's busiest: payments-core 30, postgres 10",
    );
  });

  it('widens to the readings around a stretch that spans several, and leaves out processes that did not run', () => {
    expect(accountFor(READINGS, 1_050, 1_250)).toMatchObject({ fromMs: 1_000, toMs: 1_300, cpuMs: [['postgres', 70], ['payments-core', 40]] });
    expect(accountFor(READINGS, 1_210, 1_290)?.cpuMs).toEqual([['postgres', 10]]);
  });

  it("splits Postgres' time by the service it served where both readings know the backends", () => {
    const withBackends = READINGS.map((r, i) => ({ ...r, backends: i === 0 ? undefined : backends({ 'payments-core': 10 * i, 'api-gateway': i }) }));

    expect(accountFor(withBackends, 1_150, 1_300)?.postgresMs).toEqual([['payments-core', 20], ['api-gateway', 2]]);
    expect(describeStretch(accountFor(withBackends, 1_150, 1_300)!)).toMatch(/; Postgres for payments-core 20, api-gateway 2$/);
    expect(accountFor(withBackends, 1_050, 1_150)?.postgresMs).toEqual([]);
  });

  it("names what the backends do not account for as Postgres' own processes (autovacuum, the WAL writer, the checkpointer)", () => {
    const readings = [
      { ...reading(0, { postgres: 100 }, [0, 0, 0]), backends: backends({ 'payments-core': 40 }) },
      { ...reading(100, { postgres: 200 }, [10, 10, 0]), backends: backends({ 'payments-core': 70 }) },
    ];

    expect(accountFor(readings, 0, 100)?.postgresMs).toEqual([
      ['its own processes', 70],
      ['payments-core', 30],
    ]);
  });

  it("splits Postgres' other processes by what each is where they were read, leaving only what exited as the rest", () => {
    const roles = (autovacuum: number, walwriter: number) =>
      new Map([
        [2001, { service: 'its autovacuum worker', ms: autovacuum }],
        [2002, { service: 'its walwriter', ms: walwriter }],
      ]);
    const readings = [
      { ...reading(0, { postgres: 100 }, [0, 0, 0]), backends: backends({ 'payments-core': 40 }), postgresRoles: roles(0, 20) },
      { ...reading(100, { postgres: 300 }, [10, 10, 0]), backends: backends({ 'payments-core': 70 }), postgresRoles: roles(120, 30) },
    ];

    expect(accountFor(readings, 0, 100)?.postgresMs).toEqual([
      ['its autovacuum worker', 120],
      ['its exited processes', 40],
      ['payments-core', 30],
      ['its walwriter', 10],
    ]);
  });

  it("tells how long the disk's writes took across the stretch and in its slowest interval, where every reading has its counters", () => {
    const readings = [
      { ...reading(0, { postgres: 10 }, [0, 0, 0]), disk: { writes: 100, writeMs: 50, busyMs: 40 } },
      { ...reading(100, { postgres: 20 }, [10, 10, 0]), disk: { writes: 104, writeMs: 210, busyMs: 95 } },
      { ...reading(200, { postgres: 30 }, [20, 20, 0]), disk: { writes: 120, writeMs: 218, busyMs: 99 } },
      reading(300, { postgres: 40 }, [30, 30, 0]),
    ];

    expect(accountFor(readings, 0, 200)?.disk).toEqual({ writes: 20, meanWriteMs: 8.4, slowestMeanWriteMs: 40, busyMs: 59 });
    expect(describeStretch(accountFor(readings, 0, 200)!)).toMatch(
      /; the disk 20 writes, 8\.4 ms each on average \(40\.0 ms between the closest readings at the slowest\), busy 59 ms$/,
    );
    expect(accountFor(readings, 100, 300)?.disk).toBeUndefined();
  });

  it('gives no account of a stretch the readings do not enclose', () => {
    expect(accountFor(READINGS, 900, 1_100)).toBeUndefined();
    expect(accountFor(READINGS, 1_200, 1_400)).toBeUndefined();
    expect(accountFor([], 0, 1)).toBeUndefined();
  });
});
