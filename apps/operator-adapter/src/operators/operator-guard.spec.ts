import { metricsRegistry } from '@momo/platform';
import { OperatorResponse } from '../http/operator-http.client';
import { isTrouble, OperatorGuard } from './operator-guard';

const answer = (status: number, body = ''): OperatorResponse => ({ kind: 'response', status, headers: {}, body });

describe('OperatorGuard', () => {
  const guards: OperatorGuard[] = [];
  const guard = (capacity = 10, name = 'test') => {
    const g = new OperatorGuard(name, { capacity, errorThresholdPercentage: 50, volumeThreshold: 3, rollingWindowMs: 10_000, resetTimeoutMs: 2_000 });
    guards.push(g);
    return g;
  };
  afterAll(() => guards.forEach((g) => g.shutdown()));

  it('counts silence and 5xx as trouble, refusals as answers', () => {
    expect(isTrouble({ kind: 'no_answer', error: 'timeout' })).toBe(true);
    expect(isTrouble(answer(503))).toBe(true);
    expect(isTrouble(answer(500, '<html>'))).toBe(true);
    expect(isTrouble(answer(500, '{"code":"NOT_ENOUGH_FUNDS"}'))).toBe(false);
    expect(isTrouble(answer(409, '{"code":"RESOURCE_ALREADY_EXIST"}'))).toBe(false);
    expect(isTrouble(answer(202))).toBe(false);
  });

  it('hands every answer back as it was, and opens after repeated trouble without calling again', async () => {
    const g = guard();
    let calls = 0;
    const failing = async () => {
      calls++;
      return answer(503);
    };
    for (let i = 0; i < 3; i++) expect(await g.run(failing)).toEqual(answer(503));
    expect(g.isOpen).toBe(true);
    const blocked = await g.run(failing);
    expect(blocked).toMatchObject({ kind: 'not_sent', error: 'circuit open' });
    expect(blocked.kind === 'not_sent' && blocked.retryAfterSeconds).toBeLessThanOrEqual(2);
    expect(calls).toBe(3);
  });

  it('stays closed while the operator refuses requests (a refusal is an answer)', async () => {
    const g = guard();
    for (let i = 0; i < 5; i++) await g.run(async () => answer(400, '{"code":"INVALID_PARAMETER"}'));
    expect(g.isOpen).toBe(false);
  });

  it('refuses calls beyond its in-flight bound instead of queueing them', async () => {
    const g = guard(2);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      await gate;
      return answer(202);
    };
    const inFlight = [g.run(slow), g.run(slow)];
    expect(await g.run(slow)).toMatchObject({ kind: 'not_sent', error: 'too many calls in flight' });
    release();
    expect(await Promise.all(inFlight)).toEqual([answer(202), answer(202)]);
  });

  it('counts calls by result and shows the open circuit in the metrics', async () => {
    const g = guard(10, 'mtn.sandboxed');
    const sample = async (name: string, labels: string) => {
      const line = (await metricsRegistry.getSingleMetricAsString(name)).split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
      return line === undefined ? undefined : Number(line.split(' ').pop());
    };
    await g.run(async () => answer(202));
    await g.run(async () => answer(400, '{"code":"INVALID_PARAMETER"}'));
    expect(await sample('momo_operator_circuit_open', 'network="mtn",mode="sandboxed"')).toBe(0);
    for (let i = 0; i < 4; i++) await g.run(async () => answer(503));
    expect(g.isOpen).toBe(true);
    await g.run(async () => answer(202));

    expect(await sample('momo_operator_calls_total', 'network="mtn",mode="sandboxed",result="answered"')).toBe(2);
    expect(await sample('momo_operator_calls_total', 'network="mtn",mode="sandboxed",result="trouble"')).toBeGreaterThanOrEqual(3);
    expect(await sample('momo_operator_calls_total', 'network="mtn",mode="sandboxed",result="circuit_open"')).toBeGreaterThanOrEqual(1);
    expect(await sample('momo_operator_circuit_open', 'network="mtn",mode="sandboxed"')).toBe(1);
  });
});
