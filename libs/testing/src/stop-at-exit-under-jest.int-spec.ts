import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from './process-alive';
import { WORKSPACE_ROOT } from './stack/services';
import { waitFor } from './wait';

// The built module, as in stop-at-exit.int-spec.ts; the environment every project's tests run in.
const MODULE = join(WORKSPACE_ROOT, 'dist', 'libs', 'testing', 'src', 'stop-at-exit.js');
const ENVIRONMENT = join(WORKSPACE_ROOT, 'tools', 'jest', 'host-process-environment.js');
const JEST = require.resolve('jest/bin/jest');

/**
 * A test file that starts a process of its own group (as pg_ctl starts a private Postgres),
 * registers it to be stopped at exit, notes both pids and then waits: a run stopped from outside.
 */
const HOLDER = `const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { stopAtExit } = require(${JSON.stringify(MODULE)});
test('holds a process until it is stopped', async () => {
  const held = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
  held.unref();
  stopAtExit(() => held.kill('SIGKILL'));
  writeFileSync(__filename + '.pids', JSON.stringify({ testProcess: process.pid, held: held.pid }));
  await new Promise(() => undefined);
}, 120_000);
`;

interface Pids {
  testProcess: number;
  held: number;
}

/** jest on `files` holder test files in a folder of their own, in its own process group; answers once every file holds its process. */
async function jestHolding(files: number, args: string[]): Promise<{ jest: ChildProcess; pids: Pids[]; folder: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'stop-at-exit-jest-'));
  for (let i = 0; i < files; i++) writeFileSync(join(folder, `holder-${i}.fixture.js`), HOLDER);
  const config = { rootDir: folder, testEnvironment: ENVIRONMENT, testMatch: ['<rootDir>/*.fixture.js'], transform: {}, cacheDirectory: join(folder, 'cache') };
  const jest = spawn(process.execPath, [JEST, '--config', JSON.stringify(config), '--ci', ...args], { cwd: folder, detached: true, stdio: 'ignore' });
  const pids = await waitFor(
    () => {
      const written = readdirSync(folder).filter((name) => name.endsWith('.pids'));
      return written.length === files ? written.map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Pids) : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 100, what: 'every test file to hold its process' },
  );
  return { jest, pids, folder };
}

describe('stopAtExit inside jest (a test run stopped from outside)', () => {
  const started: { jest: ChildProcess; pids: Pids[]; folder: string }[] = [];
  afterEach(() => {
    for (const { jest, pids, folder } of started.splice(0)) {
      if (jest.exitCode === null && jest.signalCode === null) process.kill(-jest.pid!, 'SIGKILL');
      for (const { held } of pids) if (processAlive(held)) process.kill(held, 'SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('stops what a test file registered when its jest process gets SIGTERM (a cancelled CI job)', async () => {
    const run = await jestHolding(1, ['--runInBand']);
    started.push(run);
    expect(run.pids[0].testProcess).toBe(run.jest.pid);

    const ended = once(run.jest, 'exit');
    run.jest.kill('SIGTERM');
    await ended;
    await waitFor(() => (processAlive(run.pids[0].held) ? undefined : true), { timeoutMs: 10_000, what: 'the held process to be stopped' });
  });

  it('stops what every worker registered on Ctrl-C (SIGINT to the whole process group)', async () => {
    const run = await jestHolding(2, ['--maxWorkers=2']);
    started.push(run);
    expect(run.pids.map((p) => p.testProcess)).not.toContain(run.jest.pid);

    process.kill(-run.jest.pid!, 'SIGINT');
    for (const { held } of run.pids) {
      await waitFor(() => (processAlive(held) ? undefined : true), { timeoutMs: 10_000, what: `held process ${held} to be stopped` });
    }
  });
});
