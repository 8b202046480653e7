import { InitiationOutcome } from '@momo/contracts';
import { TransactionEntity } from '@momo/data';

/** What the operator says about a transaction when we ask. */
export type StatusOutcome =
  | FinalStatus
  | { kind: 'pending' }
  /** The operator has no such transaction: our initiation never reached it. */
  | { kind: 'not_found' }
  | { kind: 'unknown'; detail: string };

export type FinalStatus = { kind: 'final'; status: 'succeeded' | 'failed'; failureCode?: string; failureMessage?: string; providerRef?: string };

export interface Initiation {
  outcome: InitiationOutcome;
  /** Set when the operator's answer to the initiation was already final (Airtel refunds, say). */
  confirmed?: FinalStatus;
}

/** Our account at an operator, as the operator reports it. */
export interface OperatorBalance {
  account: string;
  available: number;
  currency: string;
}

/** What sending a transaction to its operator, or asking about it, reads of the transaction. */
export type SendableTransaction = Pick<
  TransactionEntity,
  'id' | 'mode' | 'network' | 'direction' | 'amount' | 'currency' | 'msisdn' | 'description' | 'reference' | 'reversesPaymentId' | 'status' | 'createdAt'
>;

/**
 * A transaction as the connectors need it: a refund carries the payment it reverses, so each
 * protocol can name it (MTN: our payment id as referenceIdToRefund; Airtel: its airtel_money_id).
 */
export interface OperatorTransaction<T extends SendableTransaction = SendableTransaction> {
  transaction: T;
  refunded?: TransactionEntity;
}

/** One operator protocol (MTN MoMo, Airtel Money) in one mode, behind one interface. */
export interface OperatorConnector {
  initiate(t: OperatorTransaction): Promise<Initiation>;
  queryStatus(t: OperatorTransaction): Promise<StatusOutcome>;
  balances(): Promise<OperatorBalance[]>;
}

/** Whether the transaction is a refund, a payout, or a collection: routing is by these fields only. */
export function operationKind(t: OperatorTransaction): 'collect' | 'payout' | 'refund' {
  if (t.transaction.direction === 'collect') return 'collect';
  return t.transaction.reversesPaymentId ? 'refund' : 'payout';
}
