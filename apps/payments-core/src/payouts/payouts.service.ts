import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CommandReply, CreatePayoutCommand, CreateRefundCommand, ErrorCode } from '@momo/contracts';
import {
  ActiveRefundExistsError,
  InsufficientFundsError,
  LedgerRepository,
  NewTransaction,
  SettlementsRepository,
  TransactionEntity,
  TransactionsRepository,
} from '@momo/data';
import { checkRefund, collectReleased, payoutReserved } from '@momo/domain';
import { FeeSchedules } from '../fees/fee-schedules';
import { InitiationService, rejection } from '../initiation/initiation.service';
import { newTransactionFrom } from '../initiation/new-transaction';
import { movementOf } from '../settlement/settlement.service';

type Refusal = Extract<CommandReply, { outcome: 'rejected' }>;

/**
 * Cash out: payouts and refunds. Each is created and its amount + fee reserved from the
 * merchant's available balance in one Postgres transaction; the reservation is a conditional
 * update guarded by a CHECK, so racing payouts can never overdraw, and a payout that fails
 * releases it (SettlementService). Refunds lock the payment row, and a unique index allows one
 * pending-or-succeeded refund per payment, so racing refunds cannot both win.
 *
 * Both spend only the available balance. A refund of a payment not yet settled first settles
 * that payment early (its net moves from pending to available, `settled_at` is stamped; no
 * settlement run will cover it), in the same Postgres transaction, so the refund draws on the
 * money the payment brought in (docs/settlement.md).
 */
@Injectable()
export class PayoutsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionsRepository,
    private readonly ledger: LedgerRepository,
    private readonly settlements: SettlementsRepository,
    private readonly fees: FeeSchedules,
    private readonly initiation: InitiationService,
  ) {}

  async createPayout(command: CreatePayoutCommand): Promise<CommandReply> {
    const existing = await this.transactions.findById(command.transactionId);
    if (existing) return this.initiation.initiate(existing, command.requestAttempt);
    const fee = await this.fees.feeFor(command.merchantId, 'payout', command.amount);
    const created = await this.createReserved((em) => this.reserve(em, { ...newTransactionFrom(command, 'payout'), fee, withdrawal: command.withdrawal ?? false }));
    return created instanceof TransactionEntity ? this.initiation.initiate(created, command.requestAttempt) : created;
  }

  async createRefund(command: CreateRefundCommand): Promise<CommandReply> {
    const existing = await this.transactions.findById(command.transactionId);
    if (existing) return this.initiation.initiate(existing, command.requestAttempt);
    const created = await this.createReserved(async (em) => {
      // Locked until commit: a racing refund of the same payment waits here, then meets the index.
      const payment = await this.transactions.lockById(command.paymentId, em);
      if (!payment || payment.appId !== command.appId || payment.mode !== command.mode) {
        return refusal('NOT_FOUND', 'No such payment.');
      }
      const check = checkRefund(payment, command.amount);
      if (!check.ok) return refusal(check.code, check.message, { payment_id: payment.id });
      const fee = await this.fees.feeFor(command.merchantId, 'payout', check.amount, em);
      // The payment row is locked: a settlement run claiming it waits, then finds it settled.
      if (await this.settlements.stampEarly(em, payment.id)) await this.ledger.post(em, payment.id, collectReleased(movementOf(payment)));
      return this.reserve(em, {
        id: command.transactionId,
        merchantId: command.merchantId,
        appId: command.appId,
        mode: command.mode,
        direction: 'payout',
        amount: check.amount,
        fee,
        msisdn: payment.msisdn,
        description: command.reason,
        reference: payment.reference,
        metadata: payment.metadata,
        network: payment.network,
        provider: payment.provider,
        initiatedBy: command.initiatedBy,
        reversesPaymentId: payment.id,
      });
    });
    return created instanceof TransactionEntity ? this.initiation.initiate(created, command.requestAttempt) : created;
  }

  /** Inserts the pending payout and holds amount + fee, unless a retry of the same command already did. */
  private async reserve(em: EntityManager, t: NewTransaction): Promise<TransactionEntity> {
    const { transaction, created } = await this.transactions.insertPending(t, em);
    if (created) {
      await this.ledger.post(em, transaction.id, payoutReserved({ merchantId: t.merchantId, mode: t.mode, network: t.network, amount: t.amount, fee: t.fee }));
    }
    return transaction;
  }

  /** Runs `work` in one Postgres transaction; a refusal (returned or raised) rolls it back. */
  private async createReserved(work: (em: EntityManager) => Promise<TransactionEntity | Refusal>): Promise<TransactionEntity | Refusal> {
    let refused: Refusal | undefined;
    try {
      const created = await this.dataSource.transaction(async (em) => {
        const result = await work(em);
        if (result instanceof TransactionEntity) return result;
        refused = result;
        throw new RolledBack();
      });
      return created;
    } catch (error) {
      if (error instanceof RolledBack && refused) return refused;
      if (error instanceof ActiveRefundExistsError) {
        return refusal('ALREADY_REFUNDED', 'This payment already has a refund that is pending or succeeded.', { payment_id: error.paymentId });
      }
      if (error instanceof InsufficientFundsError) {
        return refusal('INSUFFICIENT_BALANCE', 'The available balance does not cover the amount plus fee.');
      }
      throw error;
    }
  }
}

class RolledBack extends Error {}

function refusal(code: ErrorCode, message: string, details?: Record<string, unknown>): Refusal {
  return rejection(code, message, undefined, undefined, details) as Refusal;
}
