import { TransactionView } from '@momo/contracts';
import { TransactionEntity } from '../entities';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The merchant-facing shape of a transaction (API responses and webhook `data`). */
export function toTransactionView(t: TransactionEntity): TransactionView {
  return {
    id: t.id,
    merchant_id: t.merchantId,
    app_id: t.appId,
    mode: t.mode,
    direction: t.direction,
    amount: t.amount,
    currency: t.currency,
    fee: t.fee,
    msisdn: t.msisdn,
    description: t.description,
    reference: t.reference,
    metadata: t.metadata,
    status: t.status,
    failure_code: t.failureCode,
    failure_message: t.failureMessage,
    network: t.network,
    provider: t.provider,
    provider_ref: t.providerRef,
    initiated_by: t.initiatedBy,
    reverses_payment_id: t.reversesPaymentId,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    completed_at: iso(t.completedAt),
    settled_at: iso(t.settledAt),
  };
}
