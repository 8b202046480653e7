import { ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { ownProcess } from './cpu-meter';
import { pinProcess } from './pinning';
import { describeRunDelay, RunDelaySample, sampleRunDelay } from './run-delay';

describe('waiting for a core, from the scheduler’s counters', () => {
  const started: ChildProcess[] = [];
  const start = (script: string) => {
    const child = spawn('sh', ['-c', script], { stdio: 'ignore' });
    started.push(child);
    return child;
  };

  afterEach(() => {
    for (const child of started.splice(0)) child.kill('SIGKILL');
  });

  it('shows two busy processes on one core each waiting for it, and leaves out one that only slept', async () => {
    const spinners = [start('while :; do :; done'), start('while :; do :; done')];
    const sleeper = start('sleep 30');
    for (const spinner of spinners) pinProcess(spinner.pid!, '0');
    const metered = {
      stack: { spinners: spinners.map((s) => ownProcess(() => s.pid)) },
      outside: { sleeper: [ownProcess(() => sleeper.pid)] },
    };

    const before = sampleRunDelay(metered);
    await sleep(1_000);
    const lines = describeRunDelay(before, sampleRunDelay(metered));

    expect(lines).toHaveLength(1);
    const [, ran, waited, share] = /^spinners: ran (\d+) ms\/s, waited for a core (\d+) ms\/s \((\d+)% of its time with work to do\)$/.exec(lines[0])!.map(Number);
    // Two processes that never sleep, sharing one core: each runs about half the time and waits the other half.
    expect(ran + waited).toBeGreaterThan(1_500);
    expect(share).toBeGreaterThanOrEqual(30);
  });

  it('counts a process started between the samples from its start and leaves out one that exited', () => {
    const sample = (atMs: number, byPid: [number, number, number][]): RunDelaySample => ({
      atMs,
      byName: new Map([['postgres', new Map(byPid.map(([pid, runMs, waitMs]) => [pid, { runMs, waitMs }]))]]),
    });
    const before = sample(0, [
      [10, 1_000, 100],
      [11, 500, 50],
    ]);
    // 11 closed; 12 opened during the run.
    const after = sample(2_000, [
      [10, 1_600, 400],
      [12, 200, 100],
    ]);

    expect(describeRunDelay(before, after)).toEqual(['postgres: ran 400 ms/s, waited for a core 200 ms/s (33% of its time with work to do)']);
  });
});
