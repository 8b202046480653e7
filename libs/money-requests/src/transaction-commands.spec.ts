import { CommandReply, ERROR_CODES, ErrorCode } from '@momo/contracts';
import { answerOf } from './transaction-commands';

const TX = '3f1c1f0e-8a52-4c1e-9a59-1f0c6b1f2a10';

function rejected(code: ErrorCode, extra: Record<string, unknown> = {}): CommandReply {
  return { outcome: 'rejected', error: { code, message: 'm', ...extra } };
}

/** payments-core replies with codes only; the HTTP status is decided here, from ERROR_CODES. */
describe('answerOf', () => {
  it.each(Object.keys(ERROR_CODES) as ErrorCode[])('answers %s with its ERROR_CODES status', (code) => {
    const answer = answerOf({ status: 'completed', value: rejected(code) }, TX);
    expect(answer.status).toBe(ERROR_CODES[code].http);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'error', code, message: 'm' });
  });

  it('ignores an httpStatus sent by a payments-core of an earlier release', () => {
    const answer = answerOf({ status: 'completed', value: rejected('INSUFFICIENT_FUNDS', { httpStatus: 400 }) }, TX);
    expect(answer.status).toBe(409);
  });

  it('marks which answers a retry must run again, and with which transaction', () => {
    const retryOf = (code: ErrorCode) => answerOf({ status: 'completed', value: rejected(code) }, TX).retry;
    expect(retryOf('OPERATOR_ERROR')).toBe('same-transaction');
    expect(retryOf('INTERNAL_ERROR')).toBe('same-transaction');
    expect(retryOf('RATE_LIMITED')).toBe('new-transaction');
    expect(retryOf('OPERATOR_UNAVAILABLE')).toBe('new-transaction');
    expect(retryOf('INSUFFICIENT_BALANCE')).toBeUndefined();
    expect(retryOf('DECLINED')).toBeUndefined();
    expect(answerOf({ status: 'timeout' }, TX)).toMatchObject({ status: 503, retry: 'same-transaction', retryAfterSeconds: 2 });
  });
});
