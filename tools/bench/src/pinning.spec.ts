import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { waitFor } from '@momo/testing';
import { childrenByParent, readAllStats } from './cpu-meter';
import { pinProcessTree } from './pinning';

const allowedCpus = (pid: number) => /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1];

describe("pinning a process tree (bench:curve's stack on one core)", () => {
  let shell: ChildProcess;
  let children: number[];

  beforeEach(async () => {
    // A shell with two children of its own, as a postmaster with its backends.
    shell = spawn('sh', ['-c', 'sleep 60 & sleep 60 & wait'], { stdio: 'ignore' });
    children = await waitFor(
      () => {
        const found = childrenByParent(readAllStats()).get(shell.pid!) ?? [];
        return found.length === 2 ? found : undefined;
      },
      { timeoutMs: 2_000, what: "the shell's two children" },
    );
  });

  afterEach(() => {
    for (const child of children) process.kill(child, 'SIGKILL');
    shell.kill('SIGKILL');
  });

  it('pins the root and every descendant it has, and nothing outside the tree', () => {
    const outside = allowedCpus(process.pid);

    pinProcessTree(shell.pid!, '0');

    expect([shell.pid!, ...children].map(allowedCpus)).toEqual(['0', '0', '0']);
    expect(allowedCpus(process.pid)).toBe(outside);
  });
});
