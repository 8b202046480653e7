import { InitiationOutcome } from '@momo/contracts';
import { TransactionEntity } from '@momo/data';

/** What the operator says about a transaction when we ask. */
export type StatusOutcome =
  | { kind: 'final'; status: 'succeeded' | 'failed'; failureCode?: string; failureMessage?: string; providerRef?: string }
  | { kind: 'pending' }
  /** The operator has no such transaction: our initiation never reached it. */
  | { kind: 'not_found' }
  | { kind: 'unknown'; detail: string };

/** One operator protocol (MTN MoMo, Airtel Money) in one mode, behind one interface. */
export interface OperatorConnector {
  initiate(transaction: TransactionEntity): Promise<InitiationOutcome>;
  queryStatus(transaction: TransactionEntity): Promise<StatusOutcome>;
}
