import { Direction, TransactionStatus } from './transaction';

export type RefundCheck =
  | { ok: true; amount: number }
  | { ok: false; code: 'PAYMENT_NOT_REFUNDABLE' | 'REFUND_EXCEEDS_PAYMENT'; message: string };

/**
 * Whether a payment can be refunded by this amount (contract: Refund). Only a succeeded cash in
 * can be; the amount defaults to the whole payment and may not exceed it. Whether another refund
 * is already pending or succeeded is the database's to say (a unique index), not this function's.
 */
export function checkRefund(payment: { direction: Direction; status: TransactionStatus; amount: number }, requested?: number): RefundCheck {
  if (payment.direction !== 'collect') {
    return { ok: false, code: 'PAYMENT_NOT_REFUNDABLE', message: 'This transaction is a payout; only cash ins (direction collect) can be refunded.' };
  }
  if (payment.status !== 'succeeded') {
    return { ok: false, code: 'PAYMENT_NOT_REFUNDABLE', message: `This payment is ${payment.status}; only a succeeded payment can be refunded.` };
  }
  const amount = requested ?? payment.amount;
  if (amount > payment.amount) {
    return { ok: false, code: 'REFUND_EXCEEDS_PAYMENT', message: `The refund (${amount}) is larger than the payment (${payment.amount}).` };
  }
  return { ok: true, amount };
}
