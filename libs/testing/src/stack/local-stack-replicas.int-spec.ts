import { join } from 'node:path';
import { createTestDatabase, TestDatabase } from '../test-database';
import { uniqueQueuePrefix } from '../redis';
import { LocalStack } from './local-stack';
import { WORKSPACE_ROOT } from './services';
import { testStackOptions } from './test-stack-options';

// Runs the built simulator (npx nx run operator-simulator:build first), as the system tests do.
describe('LocalStack replicas', () => {
  let db: TestDatabase;
  let stack: LocalStack | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await stack?.stop();
    await db.drop();
  });

  const ready = async (url: string) => (await fetch(`${url}/health/ready`).catch(() => undefined))?.status;

  it('runs each replica as its own process on its own ports, and kills or starts one replica without the others', async () => {
    const queuePrefix = uniqueQueuePrefix('replicas');
    stack = await LocalStack.start({
      ...testStackOptions(db.url, queuePrefix, join(WORKSPACE_ROOT, 'tmp', 'e2e-logs', `replicas-${queuePrefix}`)),
      services: ['operator-simulator'],
      replicas: { 'operator-simulator': 2 },
      env: { '*': { LOG_LEVEL: 'warn', SIMULATOR_DATABASE_POOL_SIZE: '2' } },
    });
    const service = 'operator-simulator';
    expect(stack.replicas(service)).toBe(2);
    expect(new Set(stack.urls(service)).size).toBe(2);
    expect(stack.instances.map((i) => i.name)).toEqual(['operator-simulator', 'operator-simulator#2']);
    expect(stack.services).toEqual(['operator-simulator']);
    expect(stack.logFile(service, 1)).not.toEqual(stack.logFile(service, 0));
    const [first, second] = [stack.pid(service, 0), stack.pid(service, 1)];
    expect(first).not.toEqual(second);
    expect(await ready(stack.managementUrl(service, 0))).toBe(200);
    expect(await ready(stack.managementUrl(service, 1))).toBe(200);

    await stack.kill(service, 'SIGKILL', 1);
    expect(await ready(stack.managementUrl(service, 1))).toBeUndefined();
    expect(await ready(stack.managementUrl(service, 0))).toBe(200);

    // Starting the service brings back the missing replica and leaves the running one alone.
    await stack.startService(service);
    expect(stack.pid(service, 0)).toBe(first);
    expect(stack.pid(service, 1)).not.toBe(second);
    expect(await ready(stack.managementUrl(service, 1))).toBe(200);

    await stack.kill(service);
    expect(stack.instances).toEqual([]);
  });
});
