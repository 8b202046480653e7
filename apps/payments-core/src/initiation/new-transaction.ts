import { CreatePaymentCommand } from '@momo/contracts';
import { UnpricedTransaction } from '@momo/data';
import { Direction, PROVIDER_OF_NETWORK } from '@momo/domain';

/** The pending transaction a cash in or cash out command asks for, before its fee. */
export function newTransactionFrom(command: CreatePaymentCommand, direction: Direction): UnpricedTransaction {
  return {
    id: command.transactionId,
    merchantId: command.merchantId,
    appId: command.appId,
    mode: command.mode,
    direction,
    amount: command.amount,
    msisdn: command.msisdn,
    description: command.description,
    reference: command.reference,
    metadata: command.metadata,
    network: command.network,
    provider: PROVIDER_OF_NETWORK[command.network],
    initiatedBy: command.initiatedBy,
    reversesPaymentId: null,
  };
}
