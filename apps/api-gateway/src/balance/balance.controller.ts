import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { BalanceView, SuccessEnvelope } from '@momo/contracts';
import { BalanceTransactionsRepository } from '@momo/data';
import { CURRENCY } from '@momo/domain';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { ApiAuthenticated, ApiSuccess } from '../openapi/decorators';
import { BalanceEnvelope } from '../openapi/schemas';

@ApiTags('balance')
@Controller('v1/balance')
@UseGuards(ApiKeyGuard)
@ApiAuthenticated()
export class BalanceController {
  constructor(private readonly ledger: BalanceTransactionsRepository) {}

  @Get()
  @RequiresKey('account', 'app')
  @ApiOperation({
    summary: "Read the merchant's balance",
    description:
      "The merchant's balance in the calling key's mode, from the ledger (docs/settlement.md). `available` can be spent by payouts and refunds; `pending` is collected but not yet settled (succeeded cash ins less fees, until a settlement run); `reserved` is held for payouts and refunds still in flight. Account and app keys may read it.",
  })
  @ApiSuccess(200, BalanceEnvelope, 'The balance.')
  async get(@CurrentPrincipal() principal: Principal): Promise<SuccessEnvelope<BalanceView>> {
    const balance = await this.ledger.merchantBalance(principal.merchantId, principal.mode);
    return { success: true, data: { available: balance.available, pending: balance.pending, reserved: balance.reserved, currency: CURRENCY, mode: principal.mode } };
  }
}
