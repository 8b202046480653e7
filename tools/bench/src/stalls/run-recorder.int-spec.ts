import { setTimeout as sleep } from 'node:timers/promises';
import { createTestDatabase, TestDatabase } from '@momo/testing';
import { ownProcess } from '../cpu-meter';
import { RunRecorder } from './run-recorder';

/**
 * Keeps this process on a core until it has used `ms` of CPU: counted by CPU, not by the clock,
 * so that a machine busy with other test files cannot shorten what the recorder should see.
 */
function spin(ms: number): void {
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const until = cpuMs() + ms;
  while (cpuMs() < until);
}

describe('RunRecorder (bench:stalls)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it("accounts for a stretch of the count: the machine's shares, each metered process's CPU, Postgres' maintenance", async () => {
    const recorder = new RunRecorder({ stack: { 'this test': [ownProcess(() => process.pid)] }, outside: {} }, db.dataSource, { windowMs: 100, timelineMs: 20 });
    recorder.start();
    await sleep(60);
    const from = Date.now();
    spin(150);
    const to = Date.now();
    await sleep(60);
    recorder.stop();

    const account = recorder.accountFor(from, to);
    expect(account!.toMs - account!.fromMs).toBeGreaterThanOrEqual(to - from);
    // /proc counts in 10 ms ticks; a 150 ms spin shows as most of it.
    expect(account!.cpuMs).toEqual([['this test', expect.any(Number)]]);
    expect(account!.cpuMs[0][1]).toBeGreaterThanOrEqual(100);
    expect(account!.machine!.busy).toBeGreaterThan(0.2);
    expect(recorder.windowShares(0)).toEqual({ busy: expect.any(Number), steal: expect.any(Number) });
    expect(await recorder.maintenance()).toMatch(/checkpoints?$/);
  });

  it('gives no account of time it did not record', () => {
    const recorder = new RunRecorder({ stack: {}, outside: {} }, db.dataSource, { windowMs: 100, timelineMs: 0 });

    expect(recorder.accountFor(0, Date.now())).toBeUndefined();
  });
});
