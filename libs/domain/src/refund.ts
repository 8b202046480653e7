import { Network } from './network';
import { Direction, TransactionStatus } from './transaction';

export type RefundCheck =
  | { ok: true; amount: number }
  | { ok: false; code: 'PAYMENT_NOT_REFUNDABLE' | 'REFUND_EXCEEDS_PAYMENT' | 'REFUND_NOT_SUPPORTED'; message: string };

/** Networks whose refund API can only return a whole payment (Airtel's names the payment, not an amount), by name. */
const WHOLE_REFUNDS_ONLY: Partial<Record<Network, string>> = { airtel: 'Airtel Money' };

/**
 * Whether a payment can be refunded by this amount (contract: Refund). Only a succeeded cash in
 * can be; the amount defaults to the whole payment and may not exceed it. Whether another refund
 * is already pending or succeeded is the database's to say (a unique index), not this function's.
 * Airtel Money refunds whole payments only: a part of one is refused here, before a refund
 * transaction is created or any balance held, rather than by the network afterwards.
 */
export function checkRefund(
  payment: { direction: Direction; status: TransactionStatus; amount: number; network: Network },
  requested?: number,
): RefundCheck {
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
  const wholeOnly = WHOLE_REFUNDS_ONLY[payment.network];
  if (wholeOnly && amount !== payment.amount) {
    return {
      ok: false,
      code: 'REFUND_NOT_SUPPORTED',
      message: `${wholeOnly} refunds whole payments only: refund all ${payment.amount} RWF (leave out amount) or nothing.`,
    };
  }
  return { ok: true, amount };
}
