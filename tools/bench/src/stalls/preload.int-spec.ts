import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { WORKSPACE_ROOT } from '@momo/testing';

// The built preload, loaded as bench:stalls loads it into a service: `node --require`.
const PRELOAD = join(WORKSPACE_ROOT, 'dist', 'tools', 'bench', 'src', 'stalls', 'preload.js');

/** A stand-in service that holds its event loop for 40 ms once on its own, and once more each time it reads a line. */
const SERVICE = `
  const hold = (ms) => { const until = Date.now() + ms; while (Date.now() < until); };
  const holdAndSay = (what) => { hold(40); console.log(what); };
  setTimeout(() => holdAndSay('held'), 300);
  require('node:readline').createInterface({ input: process.stdin }).on('line', () => setTimeout(() => holdAndSay('held'), 600));
`;

describe('the bench:stalls preload', () => {
  let folder: string;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'momo-stalls-preload-'));
  });

  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('logs late event-loop turns only once the benchmark asks (loop-ticks.on), so a settling stack is not kept busy', async () => {
    const main = join(folder, 'apps', 'stand-in', 'src', 'main.js');
    mkdirSync(join(folder, 'apps', 'stand-in', 'src'), { recursive: true });
    writeFileSync(main, SERVICE);
    const logs = join(folder, 'logs');
    mkdirSync(logs);
    const child = spawn(process.execPath, ['--require', PRELOAD, main], { env: { ...process.env, STALLS_LOG_DIR: logs }, stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const gaps = () => readFileSync(join(logs, `stand-in-${child.pid}.log`), 'utf8').split('\n').filter((line) => line.startsWith('gap '));
    try {
      expect((await lines.next()).value).toBe('held');
      expect(gaps()).toEqual([]);

      writeFileSync(join(logs, 'loop-ticks.on'), '');
      child.stdin!.write('again\n');
      expect((await lines.next()).value).toBe('held');
      await new Promise((resolve) => setTimeout(resolve, 100));
      // gap <turn before, epoch ms> <length ms> <CPU ms across it>
      const longest = Math.max(...gaps().map((gap) => Number(gap.split(' ')[2])));
      expect(longest).toBeGreaterThanOrEqual(40);
    } finally {
      child.kill();
      await once(child, 'exit');
    }
  });
});
