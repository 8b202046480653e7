import { Injectable, Logger } from '@nestjs/common';
import { CommandReply, CreatePaymentCommand, InitiationOutcome, JobIds } from '@momo/contracts';
import { toTransactionView, TransactionEntity, TransactionsRepository } from '@momo/data';
import { PROVIDER_OF_NETWORK } from '@momo/domain';
import { JobRpc } from '@momo/platform';
import { FeeSchedules } from '../fees/fee-schedules';
import { PaymentsCoreConfig } from '../payments-core.config';
import { SettlementService } from '../settlement/settlement.service';

/**
 * Creates transactions and gets them in front of the operator. The pending row is committed
 * before anything is sent anywhere, so a crash at any point leaves a transaction the reconciler
 * can finish; the operator's first answer decides what the merchant hears.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly fees: FeeSchedules,
    private readonly settlement: SettlementService,
    private readonly rpc: JobRpc,
    private readonly config: PaymentsCoreConfig,
  ) {}

  async createPayment(command: CreatePaymentCommand): Promise<CommandReply> {
    const fee = await this.fees.feeFor(command.merchantId, 'collect', command.amount);
    const { transaction } = await this.transactions.insertPending({
      id: command.transactionId,
      merchantId: command.merchantId,
      appId: command.appId,
      mode: command.mode,
      direction: 'collect',
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
    });
    return this.initiate(transaction);
  }

  /** Sends the transaction to the operator unless that already happened, and reports the result. */
  private async initiate(transaction: TransactionEntity): Promise<CommandReply> {
    if (transaction.status !== 'pending' || transaction.initiationState === 'accepted') {
      return { outcome: 'created', transaction: toTransactionView(transaction) };
    }
    const reply = await this.rpc.call(
      'initiate-transaction',
      { transactionId: transaction.id },
      { jobId: JobIds.initiate(transaction.id), timeoutMs: this.config.INITIATION_WAIT_MS },
    );
    const outcome: InitiationOutcome =
      reply.status === 'completed'
        ? reply.value
        : { kind: 'unknown', reason: reply.status === 'timeout' ? 'timeout' : 'network', detail: reply.status === 'failed' ? reply.reason : 'no answer in time' };
    return this.applyInitiationOutcome(transaction, outcome);
  }

  private async applyInitiationOutcome(transaction: TransactionEntity, outcome: InitiationOutcome): Promise<CommandReply> {
    switch (outcome.kind) {
      case 'accepted':
        await this.transactions.setInitiationState(transaction.id, 'accepted', outcome.providerRef);
        return this.current(transaction.id);
      case 'unknown': {
        this.logger.warn({ transactionId: transaction.id, reason: outcome.reason, detail: outcome.detail }, 'initiation outcome unknown');
        await this.transactions.setInitiationState(transaction.id, 'unknown');
        const current = await this.current(transaction.id);
        if (outcome.reason !== 'uninterpretable') return current;
        return rejection('OPERATOR_ERROR', 502, 'The mobile network gave an answer we could not interpret; the payment is pending until the network confirms it.', current);
      }
      case 'refused': {
        const failed = await this.fail(transaction, outcome.failureCode, outcome.failureMessage);
        return rejection(outcome.failureCode, outcome.httpStatus, outcome.failureMessage, failed);
      }
      case 'rate_limited': {
        const failed = await this.fail(transaction, 'OPERATOR_RATE_LIMITED', outcome.failureMessage);
        return rejection('OPERATOR_RATE_LIMITED', 429, outcome.failureMessage, failed, outcome.retryAfterSeconds);
      }
      case 'unavailable': {
        const failed = await this.fail(transaction, 'OPERATOR_UNAVAILABLE', outcome.failureMessage);
        return rejection('OPERATOR_UNAVAILABLE', 503, outcome.failureMessage, failed, outcome.retryAfterSeconds);
      }
    }
  }

  /** The operator refused at initiation, so no money moved: the transaction fails for good. */
  private async fail(transaction: TransactionEntity, failureCode: string, failureMessage: string): Promise<CommandReply> {
    await this.transactions.setInitiationState(transaction.id, 'refused');
    await this.settlement.settle(transaction.id, { status: 'failed', failureCode, failureMessage });
    return this.current(transaction.id);
  }

  private async current(id: string): Promise<CommandReply & { outcome: 'created' }> {
    const transaction = await this.transactions.findById(id);
    if (!transaction) throw new Error(`transaction ${id} vanished`);
    return { outcome: 'created', transaction: toTransactionView(transaction) };
  }
}

function rejection(
  code: string,
  httpStatus: number,
  message: string,
  current: CommandReply,
  retryAfterSeconds?: number,
): CommandReply {
  const transaction = current.transaction;
  return {
    outcome: 'rejected',
    error: { code, httpStatus, message, retryAfterSeconds, details: transaction ? { transaction_id: transaction.id } : undefined },
    transaction,
  };
}
