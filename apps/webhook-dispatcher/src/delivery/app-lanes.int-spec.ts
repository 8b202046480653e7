import { randomUUID } from 'node:crypto';
import { loadConfig } from '@momo/platform';
import { deleteQueueKeys, freePort, TEST_REDIS_URL, TEST_SECRETS_KEY, uniqueQueuePrefix, waitFor } from '@momo/testing';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config';
import { AppLanes, LanePass } from './app-lanes';

/**
 * The per-app lanes as several dispatcher replicas use them: each replica has its own AppLanes
 * (its own Redis connection), all on one real Redis under one queue prefix.
 */
describe('app lanes shared by dispatcher replicas (real Redis)', () => {
  const prefix = uniqueQueuePrefix('lanes');
  const started: AppLanes[] = [];

  const replica = (settings: Record<string, string> = {}, redisUrl = TEST_REDIS_URL): AppLanes => {
    const config = loadConfig(WebhookDispatcherConfig, {
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
      QUEUE_COMMAND_TIMEOUT_MS: '1000',
      ...settings,
    });
    const lanes = new AppLanes(config);
    started.push(lanes);
    return lanes;
  };
  const enterAll = async (lanes: AppLanes, appId: string, times: number) => {
    const passes: (LanePass | null)[] = [];
    for (let i = 0; i < times; i++) passes.push(await lanes.enter(appId, 0));
    return passes;
  };
  const held = (passes: (LanePass | null)[]) => passes.filter((p): p is LanePass => p !== null);

  afterAll(async () => {
    await Promise.all(started.map((lanes) => lanes.onApplicationShutdown()));
    await deleteQueueKeys(prefix);
  });

  it('caps an app across replicas, not per replica, and leaves other apps alone', async () => {
    const a = replica({ WEBHOOK_PER_APP_CONCURRENCY: '3' });
    const b = replica({ WEBHOOK_PER_APP_CONCURRENCY: '3' });
    const app = randomUUID();
    const other = randomUUID();

    const fromA = held(await enterAll(a, app, 2));
    const fromB = await enterAll(b, app, 3);
    expect(fromA).toHaveLength(2);
    expect(held(fromB)).toHaveLength(1); // the third place; the fourth and fifth are refused
    expect(await a.enter(app, 0)).toBeNull();
    // Another app's lane is its own.
    expect(held(await enterAll(b, other, 3))).toHaveLength(3);

    // A place given back on one replica can be taken on the other.
    await fromA[0].leave();
    const next = await b.enter(app, 0);
    expect(next).not.toBeNull();
    expect(await a.enter(app, 0)).toBeNull();
  });

  it('narrows an app whose attempts keep timing out, on every replica, until one is answered in time', async () => {
    const a = replica({ WEBHOOK_PER_APP_CONCURRENCY: '10' });
    const b = replica({ WEBHOOK_PER_APP_CONCURRENCY: '10' });
    const app = randomUUID();
    for (let i = 0; i < 2; i++) {
      const pass = (await a.enter(app, 0))!;
      pass.recordOutcome(true);
      await pass.leave();
    }
    // A fifth of 10 on the other replica too.
    const narrowed = await enterAll(b, app, 3);
    expect(held(narrowed)).toHaveLength(2);
    const answered = held(narrowed)[0];
    answered.recordOutcome(false);
    await answered.leave();
    await held(narrowed)[1].leave();
    // The answer in time ends the streak once its place goes back to Redis: ten places again.
    await waitFor(
      async () => {
        const passes = held(await enterAll(a, app, 10));
        await Promise.all(passes.map((pass) => pass.leave()));
        return passes.length === 10 ? true : undefined;
      },
      { timeoutMs: 5_000, intervalMs: 50, what: 'the full lane back' },
    );
  });

  it('keeps a place given back after an answer for the same app\'s next attempt on that replica, then returns it', async () => {
    const a = replica({ WEBHOOK_PER_APP_CONCURRENCY: '1' });
    const b = replica({ WEBHOOK_PER_APP_CONCURRENCY: '1' });
    const app = randomUUID();
    const first = (await a.enter(app, 0))!;
    first.recordOutcome(false);
    await first.leave();
    // Still counted in Redis, so the other replica cannot exceed the limit meanwhile...
    expect(await b.enter(app, 0)).toBeNull();
    // ...and the next attempt on this replica takes it again without asking Redis.
    const second = (await a.enter(app, 0))!;
    expect(second).not.toBeNull();
    second.recordOutcome(false);
    await second.leave();
    // Unused, it goes back to Redis a moment later.
    const onB = await waitFor(() => b.enter(app, 0).then((pass) => pass ?? undefined), { timeoutMs: 5_000, intervalMs: 50, what: 'the place back in Redis' });
    expect(await a.enter(app, 0)).toBeNull();
    await onB.leave();
  });

  it('gives back the places of a replica killed mid-attempt once their lease runs out, and keeps a live holder past its lease', async () => {
    const lease = { WEBHOOK_PER_APP_CONCURRENCY: '2', WEBHOOK_LANE_LEASE_MS: '1000' };
    const killed = replica(lease);
    const survivor = replica(lease);
    const app = randomUUID();
    expect(held(await enterAll(killed, app, 2))).toHaveLength(2);
    // The process dies without leaving: no leave, no renewal, its connection gone.
    await killed.onApplicationShutdown();
    expect(await survivor.enter(app, 0)).toBeNull();
    const first = await waitFor(() => survivor.enter(app, 0).then((pass) => pass ?? undefined), { timeoutMs: 10_000, intervalMs: 100, what: 'a place freed by the lease' });
    const second = await waitFor(() => survivor.enter(app, 0).then((pass) => pass ?? undefined), { timeoutMs: 10_000, intervalMs: 100, what: 'the second place' });

    // The survivor's own attempts outlast their lease (renewed while they run): nobody takes their places.
    const other = replica(lease);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await other.enter(app, 0)).toBeNull();
    await first.leave();
    await second.leave();
    expect(await other.enter(app, 0)).not.toBeNull();
  });

  it('lets a deliverer over its lane wait for a place given back on its replica, for a bounded time', async () => {
    const lanes = replica({ WEBHOOK_PER_APP_CONCURRENCY: '1' });
    const app = randomUUID();
    const holder = (await lanes.enter(app, 0))!;
    expect(await lanes.enter(app, 200)).toBeNull(); // nobody gave a place back in time
    const waiting = lanes.enter(app, 10_000);
    await holder.leave();
    const next = await waiting;
    expect(next).not.toBeNull();
    expect(await lanes.enter(app, 0)).toBeNull();
  });

  it('counts the lane as full when Redis does not answer: no attempt starts', async () => {
    const unreachable = replica({}, `redis://127.0.0.1:${await freePort()}/0`);
    expect(await unreachable.enter(randomUUID())).toBeNull();
  });
});
