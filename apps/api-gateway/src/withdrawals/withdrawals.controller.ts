import { Body, Controller, Headers, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SettlementWalletsRepository } from '@momo/data';
import { ApiError } from '@momo/platform';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { TransactionCommands } from '@momo/money-requests';
import { IdempotentRequests } from '@momo/money-requests';
import { ApiAuthenticated, ApiErrors, ApiIdempotent, ApiSuccess, REPLAY_HEADER_DOC } from '../openapi/decorators';
import { TransactionEnvelope } from '../openapi/schemas';
import { CreateWithdrawalDto } from './withdrawals.dto';

/**
 * Withdrawals (docs/settlement.md#withdrawals): a payout of available balance to the merchant's
 * registered settlement wallet, marked as a withdrawal. It moves money, so it takes an app key like
 * every money endpoint (the wallet itself is set with the account key), with the same
 * Idempotency-Key rules, reservation, fee and network limits as any payout.
 */
@ApiTags('settlement')
@Controller('v1/withdrawals')
@UseGuards(ApiKeyGuard)
@RequiresKey('app')
@ApiAuthenticated()
export class WithdrawalsController {
  constructor(
    private readonly commands: TransactionCommands,
    private readonly idempotency: IdempotentRequests,
    private readonly wallets: SettlementWalletsRepository,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Withdraw to the settlement wallet',
    description:
      "App key. Sends `amount` of the available balance (this key's mode) to the settlement wallet registered for the mode, as a payout (direction payout) with the payout fee; 409 SETTLEMENT_WALLET_MISSING without one, 409 INSUFFICIENT_BALANCE when available does not cover amount + fee. Read it back like any payout; balance transactions show it as withdrawal_hold / withdrawal / withdrawal_release.",
  })
  @ApiSuccess(201, TransactionEnvelope, 'The withdrawal (a payout transaction), usually pending.', REPLAY_HEADER_DOC)
  @ApiIdempotent()
  @ApiErrors(502, 503)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateWithdrawalDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    return this.idempotency.run(reply, { scopeId: principal.keyId, idempotencyKey, operation: 'POST /v1/withdrawals', body }, async (attempt) => {
      const target = await this.wallets.find(principal.merchantId, principal.mode);
      if (!target) throw ApiError.of('SETTLEMENT_WALLET_MISSING');
      return this.commands.send('create-payout', attempt, {
        transactionId: attempt.transactionId,
        merchantId: principal.merchantId,
        appId: principal.appId!,
        mode: principal.mode,
        amount: body.amount,
        msisdn: target.msisdn,
        network: target.network,
        description: body.description ?? 'Withdrawal to the settlement wallet',
        reference: body.reference ?? '',
        metadata: {},
        initiatedBy: 'api',
        withdrawal: true,
      });
    });
  }
}
