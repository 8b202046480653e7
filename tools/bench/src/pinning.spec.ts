import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { childrenByParent, readAllStats } from './cpu-meter';
import { pinProcessTree } from './pinning';

const allowedCpus = (pid: number) => /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1];

describe("pinning a process tree (bench:curve's stack on one core)", () => {
  let shell: ChildProcess;

  beforeEach(async () => {
    // A shell with two children of its own, as a postmaster with its backends.
    shell = spawn('sh', ['-c', 'sleep 60 & sleep 60 & wait'], { stdio: 'ignore' });
    await until(() => (childrenByParent(readAllStats()).get(shell.pid!) ?? []).length === 2);
  });

  afterEach(() => {
    // Its children first: once the shell is gone they belong to init and are no longer found by it.
    for (const child of childrenByParent(readAllStats()).get(shell.pid!) ?? []) process.kill(child, 'SIGKILL');
    shell.kill('SIGKILL');
  });

  it('pins the root and every descendant it has, and nothing outside the tree', () => {
    const children = childrenByParent(readAllStats()).get(shell.pid!)!;
    const outside = allowedCpus(process.pid);

    pinProcessTree(shell.pid!, '0');

    expect([shell.pid!, ...children].map(allowedCpus)).toEqual(['0', '0', '0']);
    expect(allowedCpus(process.pid)).toBe(outside);
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('the shell did not start its children');
}
