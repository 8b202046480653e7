import { canTransition, TRANSACTION_STATUSES } from './transaction';

describe('transaction state machine', () => {
  it('moves pending to succeeded or failed', () => {
    expect(canTransition('pending', 'succeeded')).toBe(true);
    expect(canTransition('pending', 'failed')).toBe(true);
  });

  it('never moves a final status, nor back to pending', () => {
    for (const from of ['succeeded', 'failed'] as const) {
      for (const to of TRANSACTION_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
    expect(canTransition('pending', 'pending')).toBe(false);
  });
});
