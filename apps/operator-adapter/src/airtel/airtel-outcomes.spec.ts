import { airtelInitiationOutcome, airtelRefundStatusOutcome, airtelStatusOutcome } from './airtel-outcomes';

const response = (status: number, body: unknown = '', headers: Record<string, string> = {}) => ({
  kind: 'response' as const,
  status,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const envelope = (responseCode: string, success: boolean, transaction?: Record<string, unknown>, message = 'msg') => ({
  data: transaction ? { transaction } : {},
  status: { code: success ? '200' : '400', message, result_code: 'ESB000010', response_code: responseCode, success },
});

describe('Airtel initiation answers', () => {
  it('reads the verdict from the body, even on HTTP 200', () => {
    expect(airtelInitiationOutcome(response(200, envelope('DP00800001006', true, { id: 'x', status: 'Success.' }))).outcome).toEqual({
      kind: 'accepted',
      providerRef: undefined,
    });
    expect(airtelInitiationOutcome(response(200, envelope('DP00800001007', false))).outcome).toMatchObject({
      kind: 'refused',
      failureCode: 'INSUFFICIENT_FUNDS',
    });
  });

  it('names the limit in a limit refusal', () => {
    const { outcome } = airtelInitiationOutcome(response(200, envelope('DP00800001003', false, undefined, 'Exceeds the daily limit per customer of 1000000 RWF.')));
    expect(outcome).toMatchObject({ kind: 'refused', failureCode: 'LIMIT_EXCEEDED' });
    expect(outcome.kind === 'refused' && outcome.failureMessage).toContain('daily limit per customer of 1000000 RWF');
  });

  it('takes a duplicate id as already received, and a final answer as confirmed', () => {
    expect(airtelInitiationOutcome(response(200, envelope('DP00900001017', false))).outcome.kind).toBe('accepted');
    const refund = airtelInitiationOutcome(response(200, envelope('DP00800001001', true, { airtel_money_id: 'MP9', status: 'SUCCESS' })));
    expect(refund).toEqual({ outcome: { kind: 'accepted', providerRef: 'MP9' }, confirmed: { kind: 'final', status: 'succeeded', providerRef: 'MP9' } });
  });

  it('passes rate limits and unavailability through, and treats a refused PIN as our problem', () => {
    expect(airtelInitiationOutcome(response(429, '', { 'retry-after': '11' })).outcome).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 11 });
    expect(airtelInitiationOutcome(response(503)).outcome).toMatchObject({ kind: 'unavailable' });
    expect(airtelInitiationOutcome({ kind: 'not_sent', error: 'circuit open', retryAfterSeconds: 4 }).outcome).toMatchObject({ kind: 'unavailable', retryAfterSeconds: 4 });
    expect(airtelInitiationOutcome(response(200, envelope('DP00900001002', false))).outcome).toMatchObject({ kind: 'unavailable' });
  });

  it('never reads an unknown code or an unreadable body as a refusal', () => {
    expect(airtelInitiationOutcome(response(200, envelope('DP00800009999', false))).outcome).toMatchObject({ kind: 'unknown', reason: 'uninterpretable' });
    expect(airtelInitiationOutcome(response(500, '<html>')).outcome).toMatchObject({ kind: 'unknown', reason: 'uninterpretable' });
    expect(airtelInitiationOutcome({ kind: 'no_answer', error: 'timeout' }).outcome).toMatchObject({ kind: 'unknown', reason: 'timeout' });
  });
});

describe('Airtel status answers', () => {
  it('reads TS, TF with its code, TIP and TA', () => {
    expect(airtelStatusOutcome(response(200, envelope('DP00800001001', true, { status: 'TS', airtel_money_id: 'MP1' })))).toEqual({
      kind: 'final',
      status: 'succeeded',
      providerRef: 'MP1',
    });
    expect(airtelStatusOutcome(response(200, envelope('DP00800001002', true, { status: 'TF', message: 'Incorrect PIN' })))).toMatchObject({
      kind: 'final',
      status: 'failed',
      failureCode: 'WRONG_PIN',
    });
    expect(airtelStatusOutcome(response(200, envelope('DP00800009999', true, { status: 'TF' })))).toMatchObject({ status: 'failed', failureCode: 'OPERATOR_FAILED' });
    expect(airtelStatusOutcome(response(200, envelope('DP00800001006', true, { status: 'TIP' })))).toEqual({ kind: 'pending' });
    expect(airtelStatusOutcome(response(200, envelope('DP00800001000', true, { status: 'TA' })))).toEqual({ kind: 'pending' });
  });

  it('tells not found, errors and nonsense apart', () => {
    expect(airtelStatusOutcome(response(200, envelope('DP00800001025', false)))).toEqual({ kind: 'not_found' });
    expect(airtelStatusOutcome(response(404))).toEqual({ kind: 'not_found' });
    expect(airtelStatusOutcome(response(502)).kind).toBe('unknown');
    expect(airtelStatusOutcome(response(200, 'nope')).kind).toBe('unknown');
  });

  it("reads a re-asked refund's answer as the refund's status", () => {
    expect(airtelRefundStatusOutcome(airtelInitiationOutcome(response(200, envelope('DP00800001001', true, { airtel_money_id: 'R1', status: 'SUCCESS' }))))).toMatchObject({
      kind: 'final',
      status: 'succeeded',
    });
    expect(airtelRefundStatusOutcome(airtelInitiationOutcome(response(200, envelope('DP00800001025', false))))).toMatchObject({
      kind: 'final',
      status: 'failed',
    });
    expect(airtelRefundStatusOutcome(airtelInitiationOutcome({ kind: 'no_answer', error: 'timeout' })).kind).toBe('unknown');
  });
});
