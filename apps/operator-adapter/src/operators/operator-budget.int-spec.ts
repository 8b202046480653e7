import { setTimeout as sleep } from 'node:timers/promises';
import Redis from 'ioredis';
import { loadConfig } from '@momo/platform';
import { deleteQueueKeys, TEST_REDIS_URL, uniqueQueuePrefix } from '@momo/testing';
import { OperatorAdapterConfig } from '../operator-adapter.config';
import { keepingInitiationBudget } from './initiation-budget';
import { OperatorRequestBudget, StatusQueryOrigin } from './operator-budget';
import { Initiation, OperatorConnector, OperatorTransaction } from './operator-connector';
import { SharedRateLimiter } from './shared-rate-limiter';

/** Two adapter replicas share one Redis: every budget must be the operator's whole allowance. */
describe('operator request budgets (real Redis)', () => {
  const prefix = uniqueQueuePrefix('budget');
  const clients: Redis[] = [];
  const budgets: OperatorRequestBudget[] = [];
  const redis = () => {
    const client = new Redis(TEST_REDIS_URL);
    clients.push(client);
    return client;
  };
  const replica = (env: Record<string, string>) => {
    const budget = new OperatorRequestBudget(loadConfig(OperatorAdapterConfig, { QUEUE_PREFIX: prefix, ...env }));
    budgets.push(budget);
    return budget;
  };

  afterAll(async () => {
    await Promise.all(budgets.map((b) => b.onApplicationShutdown()));
    clients.forEach((c) => c.disconnect());
    await deleteQueueKeys(prefix);
  });

  it('two limiters on one Redis share one budget: together they get the slots one would get', async () => {
    const [a, b] = [new SharedRateLimiter(redis(), `${prefix}:shared`, 1), new SharedRateLimiter(redis(), `${prefix}:shared`, 1)];
    // 1 call/s, waiting at most 2.5 s: slots at +0, +1 s and +2 s fit, the next would come too late.
    const pace = [{ bucket: 'all', perSecond: 1, maxWaitMs: 2_500 }];
    const answers = [];
    for (const limiter of [a, b, a, b, a, b]) answers.push(await limiter.reserve('mtn.live', pace));
    expect(answers.map((r) => r.admitted)).toEqual([true, true, true, false, false, false]);
    expect(answers.every((r) => r.counted === 'shared')).toBe(true);
    const waits = answers.flatMap((r) => (r.admitted ? [r.waitMs] : []));
    // Each replica waits for the slot after the other's: the pace is global, not per process.
    expect(waits[1] - waits[0]).toBeGreaterThan(900);
    expect(waits[2] - waits[1]).toBeGreaterThan(900);
    const refused = answers[3];
    expect(!refused.admitted && refused.overMs).toBeGreaterThan(0);
  });

  it('keeps operators and modes apart', async () => {
    const limiter = new SharedRateLimiter(redis(), `${prefix}:apart`, 1);
    const pace = [{ bucket: 'all', perSecond: 1, maxWaitMs: 0 }];
    expect((await limiter.reserve('mtn.test', pace)).admitted).toBe(true);
    expect((await limiter.reserve('airtel.test', pace)).admitted).toBe(true);
    expect((await limiter.reserve('mtn.live', pace)).admitted).toBe(true);
    expect((await limiter.reserve('mtn.test', pace)).admitted).toBe(false);
  });

  it('an initiation over the budget another replica spent is not sent, and answers as an operator 429 does', async () => {
    const env = { MTN_TEST_REQUESTS_PER_SECOND: '1', OPERATOR_INITIATION_MAX_WAIT_MS: '0' };
    const [one, two] = [replica(env), replica(env)];
    const sent: string[] = [];
    const operator: OperatorConnector = {
      async initiate(t: OperatorTransaction): Promise<Initiation> {
        sent.push(t.transaction.id);
        return { outcome: { kind: 'accepted' } };
      },
      queryStatus: async () => ({ kind: 'pending' }),
      balances: async () => [],
    };
    const viaOne = keepingInitiationBudget(operator, one, 'mtn', 'test');
    const viaTwo = keepingInitiationBudget(operator, two, 'mtn', 'test');
    const subject = (id: string) => ({ transaction: { id } }) as OperatorTransaction;

    expect((await viaOne.initiate(subject('first'))).outcome).toEqual({ kind: 'accepted' });
    const second = await viaTwo.initiate(subject('second'));
    expect(second.outcome).toMatchObject({ kind: 'rate_limited', failureMessage: expect.stringContaining('MTN MoMo') });
    expect(second.outcome.kind === 'rate_limited' && second.outcome.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(sent).toEqual(['first']);
    // The status query shares the operator's whole budget, and yields to initiations: skipped too.
    expect(await two.admitStatusQuery('mtn', 'test', 'callback')).toBe(false);
    // Airtel's budget is its own.
    expect(await two.admitStatusQuery('airtel', 'test', 'callback')).toBe(true);
  });

  it('status queries keep to their own cap inside the operator budget', async () => {
    const env = { MTN_LIVE_REQUESTS_PER_SECOND: '1000', MTN_LIVE_STATUS_QUERIES_PER_SECOND: '1' };
    const [one, two] = [replica(env), replica(env)];
    expect(await one.admitStatusQuery('mtn', 'live', 'callback')).toBe(true);
    // Slots at +1 s and +2 s are within the 2 s a status check may wait for its turn; the one at
    // +3 s is not: that check is skipped (the reconciler asks again), whichever replica asked.
    const answers = await Promise.all([two.admitStatusQuery('mtn', 'live', 'callback'), one.admitStatusQuery('mtn', 'live', 'callback'), two.admitStatusQuery('mtn', 'live', 'callback')]);
    expect(answers.filter(Boolean)).toHaveLength(2);
    // Initiations still have the rest of MTN's budget.
    expect(await one.admitInitiation('mtn', 'live')).toEqual({ admitted: true });
  });

  it("a reconciler's scheduled status query yields to a callback's when the status budget is short", async () => {
    const env = { AIRTEL_LIVE_REQUESTS_PER_SECOND: '1000', AIRTEL_LIVE_STATUS_QUERIES_PER_SECOND: '1' };
    const [one, two] = [replica(env), replica(env)];
    // Asked one after the other (50 ms apart, so their places in the queue are known), each waiting for its slot.
    const inTurn = async (asks: [OperatorRequestBudget, StatusQueryOrigin][]) => {
      const answers: Promise<boolean>[] = [];
      for (const [budget, origin] of asks) {
        answers.push(budget.admitStatusQuery('airtel', 'live', origin));
        await sleep(50);
      }
      return Promise.all(answers);
    };
    // Slots at +0 and +1 s; the next, at +2 s, is within the 2 s a callback's check may wait, beyond the 1 s a scheduled one may.
    expect(await inTurn([[one, 'schedule'], [two, 'callback'], [one, 'schedule'], [two, 'callback']])).toEqual([true, true, false, true]);
  });

  it('with Redis unreachable, calls are still weighed (in this process) and nothing throws', async () => {
    const offline = replica({ REDIS_URL: 'redis://127.0.0.1:1/0', AIRTEL_TEST_REQUESTS_PER_SECOND: '4', OPERATOR_BUDGET_FALLBACK_REPLICAS: '4', OPERATOR_INITIATION_MAX_WAIT_MS: '0' });
    // 4/s shared by up to 4 replicas: this one keeps to 1/s on its own.
    expect(await offline.admitInitiation('airtel', 'test')).toEqual({ admitted: true });
    expect(await offline.admitInitiation('airtel', 'test')).toMatchObject({ admitted: false, retryAfterSeconds: 1 });
  });
});
