import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { constants } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { WORKSPACE_ROOT } from './stack/services';

// The built module in processes of their own: what a signal does to the process is the point.
const MODULE = join(WORKSPACE_ROOT, 'dist', 'libs', 'testing', 'src', 'stop-at-exit.js');

/**
 * Runs `setUp` (JavaScript, with `stopAtExit` and `stopGracefullyOn` in scope), sends the first of
 * `signals` once it is ready and each next one after its next line of output, and answers how the
 * process ended.
 */
async function endedBy(signals: NodeJS.Signals | NodeJS.Signals[], setUp: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  const script = `const { stopAtExit, stopGracefullyOn } = require(${JSON.stringify(MODULE)});
    ${setUp}
    setInterval(() => undefined, 1_000);
    console.log('ready');`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ended = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const lines: string[] = [];
  const reader = createInterface({ input: child.stdout! });
  reader.on('line', (line) => lines.push(line));
  for (const signal of [signals].flat()) {
    await once(reader, 'line');
    child.kill(signal);
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  const [code, killedBy] = await ended;
  clearTimeout(timer);
  return { code, signal: killedBy, output: lines.join('\n') };
}

describe('stopAtExit and the signals', () => {
  it('ends the process through its exit, with the code the signal would have given', async () => {
    const ended = await endedBy('SIGTERM', `stopAtExit(() => undefined); process.on('exit', () => console.log('exit ran'));`);

    expect(ended).toEqual({ code: 128 + constants.signals.SIGTERM, signal: null, output: 'ready\nexit ran' });
  });

  it('still ends it beside a library listener that stands aside when it is not alone (signal-exit)', async () => {
    const ended = await endedBy('SIGINT', `stopAtExit(() => undefined); process.on('SIGINT', () => { if (process.listenerCount('SIGINT') === 1) process.kill(process.pid, 'SIGINT'); });`);

    expect(ended.code).toBe(128 + constants.signals.SIGINT);
  });

  it('leaves the signals a process stops itself on to its own stop, and the others to the exit', async () => {
    const graceful = `stopAtExit(() => console.log('stopped at exit'));
      stopGracefullyOn(() => setTimeout(() => { console.log('stopped gracefully'); process.exit(0); }, 50));`;

    expect(await endedBy('SIGTERM', graceful)).toMatchObject({ code: 0, output: 'ready\nstopped gracefully\nstopped at exit' });
    expect(await endedBy('SIGINT', graceful)).toMatchObject({ code: 0, output: 'ready\nstopped gracefully\nstopped at exit' });
    expect(await endedBy('SIGHUP', graceful)).toMatchObject({ code: 128 + constants.signals.SIGHUP, output: 'ready\nstopped at exit' });
  });

  it('does not wait for a graceful stop on a second signal: exits at once, still stopping what it holds', async () => {
    const slow = `stopAtExit(() => console.log('stopped at exit'));
      stopGracefullyOn(() => { console.log('stopping'); setTimeout(() => { console.log('stopped gracefully'); process.exit(0); }, 3_000); });`;

    expect(await endedBy(['SIGINT', 'SIGINT'], slow)).toMatchObject({ code: 128 + constants.signals.SIGINT, output: 'ready\nstopping\nstopped at exit' });
  });
});
