import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_NODE_FLAGS, WORKSPACE_ROOT } from './services';

describe('SERVICE_NODE_FLAGS', () => {
  it('are the flags the image starts every service with', () => {
    const dockerfile = readFileSync(join(WORKSPACE_ROOT, 'Dockerfile'), 'utf8');
    const entrypoint = dockerfile.split('\n').find((line) => line.startsWith('ENTRYPOINT'));
    const imageFlags = /exec node ((?:--[\w-]+ )*)\\"dist\/apps/.exec(entrypoint ?? '')?.[1]?.trim().split(' ');
    expect(imageFlags).toEqual([...SERVICE_NODE_FLAGS]);
  });

  it('are flags this Node.js accepts (it refuses to start with one it does not know)', () => {
    const run = spawnSync(process.execPath, [...SERVICE_NODE_FLAGS, '-e', 'console.log("started")'], { encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout.trim(), stderr: run.stderr }).toEqual({ status: 0, stdout: 'started', stderr: '' });
  });
});
