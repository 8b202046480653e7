import { InitiateTransactionJob } from '@momo/contracts';
import { carriedCashIn } from './operator-initiations.processor';

describe('carriedCashIn', () => {
  const job: Required<InitiateTransactionJob> = {
    transactionId: '6f1c3c8e-9d55-4f0b-8a47-2b0f5b8f3a10',
    mode: 'live',
    network: 'airtel',
    amount: 12_500,
    msisdn: '250731234567',
    description: 'Order 12',
    reference: 'INV-12',
    createdAtMs: Date.UTC(2026, 11, 2, 4, 0, 0, 123),
  };

  it('is the pending cash in the job describes', () => {
    expect(carriedCashIn(job)).toEqual({
      id: job.transactionId,
      mode: 'live',
      network: 'airtel',
      direction: 'collect',
      amount: 12_500,
      currency: 'RWF',
      msisdn: '250731234567',
      description: 'Order 12',
      reference: 'INV-12',
      reversesPaymentId: null,
      status: 'pending',
      createdAt: new Date('2026-12-02T04:00:00.123Z'),
    });
  });

  it.each(Object.keys(job).filter((field) => field !== 'transactionId'))('is nothing when the job lacks %s (the adapter then reads the row)', (field) => {
    const { [field as keyof InitiateTransactionJob]: _left, ...partial } = job;
    expect(carriedCashIn(partial as InitiateTransactionJob)).toBeNull();
  });

  it('is nothing for a job naming its transaction only', () => {
    expect(carriedCashIn({ transactionId: job.transactionId })).toBeNull();
  });
});
