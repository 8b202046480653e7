import { Injectable } from '@nestjs/common';
import { CommandReply, CreatePaymentCommand } from '@momo/contracts';
import { NewTransaction } from '@momo/data';
import { Direction, PROVIDER_OF_NETWORK } from '@momo/domain';
import { FeeSchedules } from '../fees/fee-schedules';
import { InitiationService } from './initiation.service';
import { PendingTransactions } from './pending-transactions';

/**
 * Cash in. The pending row is committed before anything is sent anywhere, so a crash at any
 * point leaves a transaction the reconciler can finish; the operator's first answer decides what
 * the merchant hears.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly pending: PendingTransactions,
    private readonly fees: FeeSchedules,
    private readonly initiation: InitiationService,
  ) {}

  async createPayment(command: CreatePaymentCommand): Promise<CommandReply> {
    const fee = await this.fees.feeFor(command.merchantId, 'collect', command.amount);
    const { transaction } = await this.pending.insert(newTransactionFrom(command, 'collect', fee));
    return this.initiation.initiate(transaction, command.requestAttempt);
  }
}

/** The pending transaction a cash in or cash out command asks for. */
export function newTransactionFrom(command: CreatePaymentCommand, direction: Direction, fee: number): NewTransaction {
  return {
    id: command.transactionId,
    merchantId: command.merchantId,
    appId: command.appId,
    mode: command.mode,
    direction,
    amount: command.amount,
    fee,
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
