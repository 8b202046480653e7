import { mtnInitiationOutcome, mtnStatusOutcome } from './mtn-outcomes';

const response = (status: number, body: unknown = '', headers: Record<string, string> = {}) => ({
  kind: 'response' as const,
  status,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('MTN initiation answers', () => {
  it('treats 202 and a duplicate reference as accepted', () => {
    expect(mtnInitiationOutcome(response(202))).toEqual({ kind: 'accepted' });
    expect(mtnInitiationOutcome(response(409, { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id' }))).toEqual({ kind: 'accepted' });
  });

  it('keeps the meaning of a refusal (never a 502)', () => {
    expect(mtnInitiationOutcome(response(500, { code: 'NOT_ENOUGH_FUNDS', message: 'x' }))).toMatchObject({
      kind: 'refused',
      failureCode: 'INSUFFICIENT_FUNDS',
    });
    expect(mtnInitiationOutcome(response(400, { code: 'PAYER_NOT_FOUND' }))).toMatchObject({ kind: 'refused', failureCode: 'PAYER_NOT_FOUND' });
  });

  it('names the limit when MTN refuses one', () => {
    const outcome = mtnInitiationOutcome(response(500, { code: 'PAYER_LIMIT_REACHED', message: 'The per-transaction limit of 500000 RWF would be exceeded.' }));
    expect(outcome).toMatchObject({ kind: 'refused', failureCode: 'LIMIT_EXCEEDED' });
    expect(outcome.kind === 'refused' && outcome.failureMessage).toContain('per-transaction limit of 500000 RWF');
  });

  it('treats refused credentials and an open circuit as unavailable (nothing was created)', () => {
    expect(mtnInitiationOutcome(response(401, { code: 'UNAUTHORIZED' }))).toMatchObject({ kind: 'unavailable' });
    expect(mtnInitiationOutcome(response(403, { code: 'NOT_ALLOWED_TARGET_ENVIRONMENT' }))).toMatchObject({ kind: 'unavailable' });
    expect(mtnInitiationOutcome({ kind: 'not_sent', error: 'circuit open', retryAfterSeconds: 12 })).toMatchObject({ kind: 'unavailable', retryAfterSeconds: 12 });
  });

  it('passes rate limiting through with Retry-After, and unavailability as such', () => {
    expect(mtnInitiationOutcome(response(429, '', { 'retry-after': '7' }))).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 7 });
    expect(mtnInitiationOutcome(response(503))).toMatchObject({ kind: 'unavailable' });
    expect(mtnInitiationOutcome({ kind: 'not_sent', error: 'ECONNREFUSED' })).toMatchObject({ kind: 'unavailable' });
  });

  it('calls a timeout or an unreadable answer unknown, so the transaction stays pending', () => {
    expect(mtnInitiationOutcome({ kind: 'no_answer', error: 'timeout' })).toMatchObject({ kind: 'unknown', reason: 'timeout' });
    expect(mtnInitiationOutcome(response(500, '<html>oops</html>'))).toMatchObject({ kind: 'unknown', reason: 'uninterpretable' });
  });
});

describe('MTN status answers', () => {
  it('reads final statuses, with reasons as strings or objects', () => {
    expect(mtnStatusOutcome(response(200, { status: 'SUCCESSFUL', financialTransactionId: '123' }))).toEqual({
      kind: 'final',
      status: 'succeeded',
      providerRef: '123',
    });
    expect(mtnStatusOutcome(response(200, { status: 'FAILED', reason: 'APPROVAL_REJECTED' }))).toMatchObject({ status: 'failed', failureCode: 'DECLINED' });
    expect(mtnStatusOutcome(response(200, { status: 'FAILED', reason: { code: 'EXPIRED', message: 'x' } }))).toMatchObject({
      status: 'failed',
      failureCode: 'EXPIRED',
    });
  });

  it('tells pending, not found and nonsense apart', () => {
    expect(mtnStatusOutcome(response(200, { status: 'PENDING' }))).toEqual({ kind: 'pending' });
    expect(mtnStatusOutcome(response(200, { status: 'FAILED', reason: 'ONGOING' }))).toEqual({ kind: 'pending' });
    expect(mtnStatusOutcome(response(404, { code: 'RESOURCE_NOT_FOUND' }))).toEqual({ kind: 'not_found' });
    expect(mtnStatusOutcome(response(200, 'not json')).kind).toBe('unknown');
    expect(mtnStatusOutcome(response(502)).kind).toBe('unknown');
  });
});
