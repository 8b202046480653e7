import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { constants } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createTestDatabase, TestDatabase } from '../test-database';
import { uniqueQueuePrefix } from '../redis';
import { waitFor } from '../wait';
import { WORKSPACE_ROOT } from './services';
import { processAlive } from '../process-alive';

// Runs the built library and the built simulator (npx nx run-many -t build first), in a process
// of its own: the process that started a stack is the one stopped.
describe('LocalStack when the process that started it is stopped', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db.drop();
  });

  it('ends its services when SIGTERM stops that process before it listens itself (a benchmark stopped while it starts its stack)', async () => {
    const stackDir = join(WORKSPACE_ROOT, 'dist', 'libs', 'testing', 'src', 'stack');
    const logs = join(WORKSPACE_ROOT, 'tmp', 'e2e-logs', `exit-${uniqueQueuePrefix('exit')}`);
    const script = `const { LocalStack } = require(${JSON.stringify(join(stackDir, 'local-stack.js'))});
      const { testStackOptions } = require(${JSON.stringify(join(stackDir, 'test-stack-options.js'))});
      LocalStack.start({
        ...testStackOptions(${JSON.stringify(db.url)}, ${JSON.stringify(uniqueQueuePrefix('exit'))}, ${JSON.stringify(logs)}),
        services: ['operator-simulator'],
        env: { '*': { LOG_LEVEL: 'warn', SIMULATOR_DATABASE_POOL_SIZE: '2' } },
      }).then((stack) => {
        console.log(stack.pid('operator-simulator'));
        setInterval(() => undefined, 1_000); // still starting the rest of its benchmark
      });`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const simulator = Number(line);
    try {
      expect(processAlive(simulator)).toBe(true);

      child.kill('SIGTERM');
      expect(await exited).toBe(128 + constants.signals.SIGTERM);
      await waitFor(() => (!processAlive(simulator) ? true : undefined), { timeoutMs: 10_000, what: 'the simulator gone' });
    } finally {
      if (processAlive(simulator)) process.kill(simulator, 'SIGKILL');
    }
  });
});
