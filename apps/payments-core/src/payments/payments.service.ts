import { Injectable } from '@nestjs/common';
import { CommandReply, CreatePaymentCommand } from '@momo/contracts';
import { InitiationService } from '../initiation/initiation.service';
import { newTransactionFrom } from '../initiation/new-transaction';
import { PendingTransactions } from '../initiation/pending-transactions';

/**
 * Cash in. The pending row (priced as it is written) is committed before anything is sent
 * anywhere, so a crash at any point leaves a transaction the reconciler can finish; the
 * operator's first answer decides what the merchant hears.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly pending: PendingTransactions,
    private readonly initiation: InitiationService,
  ) {}

  async createPayment(command: CreatePaymentCommand): Promise<CommandReply> {
    const { transaction } = await this.pending.insert(newTransactionFrom(command, 'collect'));
    return this.initiation.initiate(transaction, command.requestAttempt);
  }
}
