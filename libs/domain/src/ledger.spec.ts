import { accountKey, collectPending, collectReleased, payoutReleased, payoutReserved, payoutSettled } from './ledger';

const movement = { merchantId: 'm1', mode: 'test' as const, network: 'mtn' as const, amount: 10_000, fee: 200 };
const sum = (legs: { amount: number }[]) => legs.reduce((total, leg) => total + leg.amount, 0);

describe('ledger journals', () => {
  it.each([
    ['collect pending', collectPending],
    ['collect released', collectReleased],
    ['payout reserved', payoutReserved],
    ['payout settled', payoutSettled],
    ['payout released', payoutReleased],
  ])('%s nets to zero', (_, build) => {
    expect(sum(build(movement).legs)).toBe(0);
  });

  it('credits the merchant the amount less the fee on a collection, as pending (unsettled) balance', () => {
    const legs = collectPending(movement).legs;
    expect(legs.find((l) => l.account.kind === 'merchant_pending')?.amount).toBe(9_800);
    expect(legs.find((l) => l.account.kind === 'merchant_available')).toBeUndefined();
    expect(legs.find((l) => l.account.kind === 'fee_revenue')?.amount).toBe(200);
  });

  it('releases a collection from pending to available: the merchant total does not change', () => {
    const legs = collectReleased(movement).legs;
    expect(legs.find((l) => l.account.kind === 'merchant_pending')?.amount).toBe(-9_800);
    expect(legs.find((l) => l.account.kind === 'merchant_available')?.amount).toBe(9_800);
    expect(legs).toHaveLength(2);
  });

  it('reserves then settles a payout: the merchant ends down amount + fee', () => {
    const merchantNet = [payoutReserved(movement), payoutSettled(movement)]
      .flatMap((j) => j.legs)
      .filter((l) => l.account.kind.startsWith('merchant'))
      .reduce((total, l) => total + l.amount, 0);
    expect(merchantNet).toBe(-10_200);
  });

  it('reserves then releases a failed payout: the merchant ends where it started', () => {
    const merchantNet = [payoutReserved(movement), payoutReleased(movement)]
      .flatMap((j) => j.legs)
      .filter((l) => l.account.kind.startsWith('merchant'))
      .reduce((total, l) => total + l.amount, 0);
    expect(merchantNet).toBe(0);
  });

  it('names accounts per mode, so test money never mixes with live money', () => {
    expect(accountKey({ kind: 'merchant_available', mode: 'test', merchantId: 'm1' })).not.toBe(
      accountKey({ kind: 'merchant_available', mode: 'live', merchantId: 'm1' }),
    );
  });
});
