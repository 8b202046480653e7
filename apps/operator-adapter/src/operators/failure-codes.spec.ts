import { ERROR_CODES } from '@momo/contracts';
import { AIRTEL_CODES } from '../airtel/airtel-outcomes';
import { MTN_REASONS } from '../mtn/mtn-outcomes';
import { NETWORK_FAILURE_CODES, refusal } from './failure-codes';

/** The gateway answers a refusal with the ERROR_CODES status of its code: each code the adapter can emit must have one. */
describe('failure codes the adapter emits', () => {
  const emitted = new Set<string>([
    ...NETWORK_FAILURE_CODES,
    ...Object.values(MTN_REASONS),
    ...Object.values(AIRTEL_CODES).flatMap((c) => (c.failureCode ? [c.failureCode] : [])),
  ]);

  it.each([...emitted])('%s is an ERROR_CODES entry with a 4xx status (a refusal is never a 5xx)', (code) => {
    const entry = (ERROR_CODES as Record<string, { http: number } | undefined>)[code];
    expect(entry).toBeDefined();
    expect(entry!.http).toBeGreaterThanOrEqual(400);
    expect(entry!.http).toBeLessThan(500);
  });

  it('a refusal names its code and message, and no HTTP status', () => {
    expect(refusal('LIMIT_EXCEEDED', 'daily limit')).toEqual({ kind: 'refused', failureCode: 'LIMIT_EXCEEDED', failureMessage: `${ERROR_CODES.LIMIT_EXCEEDED.message} (daily limit)` });
  });
});
