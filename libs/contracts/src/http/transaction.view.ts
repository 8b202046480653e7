import type { Direction, InitiatedBy, Mode, Network, Provider, TransactionStatus } from '@momo/domain';

/** The Transaction resource, exactly as GET /v1/payments/:id and every webhook's `data` show it. */
export interface TransactionView {
  id: string;
  merchant_id: string;
  app_id: string;
  mode: Mode;
  direction: Direction;
  amount: number;
  currency: 'RWF';
  fee: number;
  msisdn: string;
  description: string;
  reference: string;
  metadata: Record<string, string>;
  status: TransactionStatus;
  failure_code: string | null;
  failure_message: string | null;
  network: Network;
  provider: Provider;
  provider_ref: string;
  initiated_by: InitiatedBy;
  reverses_payment_id: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  settled_at: string | null;
}

/** What a view is made from: a stored transaction (TransactionEntity in libs/data has these fields). */
export interface TransactionRecord {
  id: string;
  merchantId: string;
  appId: string;
  mode: Mode;
  direction: Direction;
  amount: number;
  currency: 'RWF';
  fee: number;
  msisdn: string;
  description: string;
  reference: string;
  metadata: Record<string, string>;
  status: TransactionStatus;
  failureCode: string | null;
  failureMessage: string | null;
  network: Network;
  provider: Provider;
  providerRef: string;
  initiatedBy: InitiatedBy;
  reversesPaymentId: string | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  settledAt: Date | null;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The merchant-facing shape of a transaction (API responses and webhook `data`). */
export function toTransactionView(t: TransactionRecord): TransactionView {
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
