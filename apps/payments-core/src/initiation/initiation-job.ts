import { InitiateTransactionJob } from '@momo/contracts';
import { TransactionEntity } from '@momo/data';

/**
 * What payments-core asks the adapter to send. A cash in carries its request to pay as committed,
 * so the adapter need not read the row back; a payout or refund (money leaving) is sent only after
 * the adapter has checked the row as it stands.
 */
export function initiationJob(transaction: TransactionEntity): InitiateTransactionJob {
  if (transaction.direction !== 'collect') return { transactionId: transaction.id };
  return {
    transactionId: transaction.id,
    mode: transaction.mode,
    network: transaction.network,
    amount: transaction.amount,
    msisdn: transaction.msisdn,
    description: transaction.description,
    reference: transaction.reference,
    createdAtMs: transaction.createdAt.getTime(),
  };
}
