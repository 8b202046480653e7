import { checkRefund } from './refund';

describe('checkRefund', () => {
  const paid = { direction: 'collect' as const, status: 'succeeded' as const, amount: 5_000, network: 'mtn' as const };

  it('refunds the whole payment by default, or any part of it', () => {
    expect(checkRefund(paid)).toEqual({ ok: true, amount: 5_000 });
    expect(checkRefund(paid, 1_200)).toEqual({ ok: true, amount: 1_200 });
    expect(checkRefund(paid, 5_000)).toEqual({ ok: true, amount: 5_000 });
  });

  it('refuses more than the payment', () => {
    expect(checkRefund(paid, 5_001)).toMatchObject({ ok: false, code: 'REFUND_EXCEEDS_PAYMENT' });
  });

  it('refuses payments that did not succeed, and payouts', () => {
    expect(checkRefund({ ...paid, status: 'pending' })).toMatchObject({ ok: false, code: 'PAYMENT_NOT_REFUNDABLE' });
    expect(checkRefund({ ...paid, status: 'failed' })).toMatchObject({ ok: false, code: 'PAYMENT_NOT_REFUNDABLE' });
    expect(checkRefund({ ...paid, direction: 'payout' })).toMatchObject({ ok: false, code: 'PAYMENT_NOT_REFUNDABLE' });
  });

  it('refuses part of an Airtel payment (Airtel refunds whole payments only), not the whole of one', () => {
    const airtel = { ...paid, network: 'airtel' as const };
    const partial = checkRefund(airtel, 4_999);
    expect(partial).toMatchObject({ ok: false, code: 'REFUND_NOT_SUPPORTED' });
    expect(!partial.ok && partial.message).toContain('5000 RWF');
    expect(checkRefund(airtel)).toEqual({ ok: true, amount: 5_000 });
    expect(checkRefund(airtel, 5_000)).toEqual({ ok: true, amount: 5_000 });
    expect(checkRefund(airtel, 5_001)).toMatchObject({ ok: false, code: 'REFUND_EXCEEDS_PAYMENT' });
  });
});
