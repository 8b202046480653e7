import { TransactionEntity } from '@momo/data';
import { OperatorConnector } from './operator-connector';
import { OperatorTokenError } from './token-cache';
import { answeringTokenFailures } from './token-failures';

const subject = { transaction: { id: '5f0c2b8e-1d7a-4c1e-9a51-3b7c7d0f2a11' } as TransactionEntity };

function failingWith(error: Error): OperatorConnector {
  return {
    initiate: () => Promise.reject(error),
    queryStatus: () => Promise.reject(error),
    balances: () => Promise.reject(error),
  };
}

describe('answeringTokenFailures', () => {
  const tokenRefused = answeringTokenFailures(failingWith(new OperatorTokenError('MTN MoMo', 'HTTP 401')));

  it('answers an initiation whose token was refused as the operator being unavailable, naming it', async () => {
    await expect(tokenRefused.initiate(subject)).resolves.toEqual({
      outcome: { kind: 'unavailable', retryAfterSeconds: 30, failureMessage: 'MTN MoMo refused our credentials or is unreachable.' },
    });
  });

  it('answers a status query whose token was refused as unknown, with the reason', async () => {
    await expect(tokenRefused.queryStatus(subject)).resolves.toEqual({ kind: 'unknown', detail: 'could not get a MTN MoMo access token: HTTP 401' });
  });

  it('lets every other error through', async () => {
    const broken = answeringTokenFailures(failingWith(new Error('socket hang up')));
    await expect(broken.initiate(subject)).rejects.toThrow('socket hang up');
    await expect(broken.queryStatus(subject)).rejects.toThrow('socket hang up');
    await expect(tokenRefused.balances()).rejects.toThrow(OperatorTokenError);
  });
});
