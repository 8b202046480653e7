import { Body, Controller, Headers, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { IdempotentRequests, TransactionCommands } from '@momo/money-requests';
import { ApiAuthenticated, ApiErrors, ApiIdempotent, ApiSuccess, REPLAY_HEADER_DOC } from '../openapi/decorators';
import { TransactionEnvelope } from '../openapi/schemas';
import { CreatePayoutDto } from '../payments/create-payment.dto';
import { moneyMovementCommand } from '../payments/wallet';

@ApiTags('payouts')
@Controller('v1/payouts')
@UseGuards(ApiKeyGuard)
@RequiresKey('app')
@ApiAuthenticated()
export class PayoutsController {
  constructor(
    private readonly commands: TransactionCommands,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create a cash out',
    description:
      "Sends money from the merchant's balance (this key's mode) to a wallet. Amount + fee is reserved at once; 409 INSUFFICIENT_BALANCE when the available balance does not cover it. If the payout fails, the reservation returns to the balance.",
  })
  @ApiSuccess(201, TransactionEnvelope, 'The payout transaction (direction payout), usually pending.', REPLAY_HEADER_DOC)
  @ApiIdempotent()
  @ApiErrors(502, 503)
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreatePayoutDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    return this.idempotency.run(reply, { scopeId: principal.keyId, idempotencyKey, operation: 'POST /v1/payouts', body }, (attempt) =>
      this.commands.send('create-payout', attempt, moneyMovementCommand(principal, attempt, body)),
    );
  }
}
