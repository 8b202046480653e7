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
