import type { ReceivedSpan } from '@momo/testing';
import { POST_HOPS, postHops } from './post-hops';

/** One POST's spans as the services export them, starting at `t0` ms; `omit` leaves a span out (a batch another call sent). */
function postTrace(traceId: string, t0: number, omit?: string): ReceivedSpan[] {
  let id = 0;
  const span = (service: string, name: string, kind: number, start: number, end: number): ReceivedSpan => ({
    service,
    traceId,
    spanId: `${traceId}-${id++}`,
    name,
    kind,
    startMs: t0 + start,
    endMs: t0 + end,
  });
  // As the services name them today (a keyed cash-in's trace): the gateway writes nothing on the way.
  const spans = [
    span('api-gateway', 'POST', 2, 0, 40),
    span('api-gateway', 'payment-commands send create-payment', 4, 2, 2),
    span('payments-core', 'payment-commands process create-payment', 5, 4, 33),
    span('payments-core', 'pg.query:transactions_insert_many_priced_claiming momo', 3, 5, 9),
    span('payments-core', 'operator-requests send initiate-transaction', 4, 11, 11),
    span('operator-adapter', 'operator-requests process initiate-transaction', 5, 14, 26),
    span('operator-adapter', 'pg.query:transactions-by-ids momo', 3, 15, 16),
    // A token call first: not the initiation.
    span('operator-adapter', 'operator mtn collection.token', 3, 16, 17),
    span('operator-adapter', 'operator mtn collection.requesttopay', 3, 17, 22),
    // The adapter's HTTP client span has the request's name too: it must not be taken for the request.
    span('operator-adapter', 'POST', 3, 17, 22),
    span('operator-adapter', 'pg.query:operator_requests_insert momo', 3, 23, 25),
    span('operator-adapter', 'operator mtn collection.requesttopay.status', 3, 60, 61),
    span('payments-core', 'pg.query:transactions-set-initiation-states-answering momo', 3, 28, 31),
  ];
  return omit ? spans.filter((s) => !s.name.includes(omit)) : spans;
}

describe('postHops', () => {
  it('cuts each POST at its spans: the hops add up to the whole request', () => {
    const result = postHops([...postTrace('a', 1_000), ...postTrace('b', 5_000)]);

    expect(result).toMatchObject({ traces: 2, complete: 2 });
    expect(result.hops.map((h) => [h.label, h.p50])).toEqual(
      [2, 2, 7, 3, 3, 5, 4, 2, 3, 9].map((ms, i) => [POST_HOPS[i], ms]),
    );
    expect(result.hops.reduce((sum, h) => sum + h.mean, 0)).toBe(40);
    expect(result.total).toMatchObject({ p50: 40, p99: 40, mean: 40 });
  });

  it('names the slowest complete POSTs, slowest first, with when each started and its hops', () => {
    // The response written 50 ms late: the last hop carries it.
    const slow = postTrace('slow', 9_000).map((s) => (s.name === 'POST' && s.kind === 2 ? { ...s, endMs: s.endMs + 50 } : s));
    const result = postHops([...postTrace('a', 1_000), ...slow, ...postTrace('b', 5_000, 'set-initiation-states')], 2);

    expect(result.slowest.map((p) => [p.traceId, p.startMs, p.totalMs])).toEqual([
      ['slow', 9_000, 90],
      ['a', 1_000, 40],
    ]);
    expect(result.slowest[0].hopMs).toEqual([2, 2, 7, 3, 3, 5, 4, 2, 3, 59]);
    expect(postHops(postTrace('a', 0)).slowest).toEqual([]);
  });

  it('counts a trace that lacks a moment but leaves it out of the split, and names the moment', () => {
    const result = postHops([...postTrace('a', 0), ...postTrace('b', 100, 'set-initiation-states')]);

    expect(result).toMatchObject({ traces: 2, complete: 1 });
    expect(result.total.mean).toBe(40);
    expect(result.missing).toEqual([
      { moment: "start of payments-core's span set-initiation-states", traces: 1 },
      { moment: "end of payments-core's span set-initiation-states", traces: 1 },
    ]);
    expect(postHops(postTrace('a', 0)).missing).toEqual([]);
  });

  it('ignores traces that are not a POST to the gateway (background work, webhooks)', () => {
    const background: ReceivedSpan[] = [
      { service: 'reconciler', traceId: 'r', spanId: 'r1', name: 'reconciliation process reconciliation-sweep', kind: 5, startMs: 0, endMs: 3 },
      { service: 'operator-simulator', traceId: 's', spanId: 's1', name: 'POST', kind: 2, startMs: 0, endMs: 3 },
    ];

    const result = postHops(background);

    expect(result.traces).toBe(0);
    expect(result.total.mean).toBeNaN();
  });
});
