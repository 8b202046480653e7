import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SuccessEnvelope } from '@momo/contracts';
import { SettlementWallet, SettlementWalletsRepository } from '@momo/data';
import { ApiError } from '@momo/platform';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { ApiAuthenticated, ApiErrors, ApiSuccess } from '../openapi/decorators';
import { wallet } from '../payments/wallet';
import { SettlementWalletEnvelope, SettlementWalletView } from './settlement-wallet.schemas';
import { SetSettlementWalletDto } from './withdrawals.dto';

/** The merchant's settlement wallet per mode (docs/settlement.md#withdrawals): an account setting, so account keys only. */
@ApiTags('settlement')
@Controller('v1/settlement-wallet')
@UseGuards(ApiKeyGuard)
@RequiresKey('account')
@ApiAuthenticated()
export class SettlementWalletController {
  constructor(private readonly wallets: SettlementWalletsRepository) {}

  @Get()
  @ApiOperation({ summary: 'Read the settlement wallet', description: "Account key. The wallet withdrawals of the key's mode go to; 404 until one is registered." })
  @ApiSuccess(200, SettlementWalletEnvelope, 'The settlement wallet.')
  @ApiErrors(404)
  async get(@CurrentPrincipal() principal: Principal): Promise<SuccessEnvelope<SettlementWalletView>> {
    const found = await this.wallets.find(principal.merchantId, principal.mode);
    if (!found) throw ApiError.of('NOT_FOUND');
    return { success: true, data: view(found) };
  }

  @Put()
  @ApiOperation({
    summary: 'Register the settlement wallet',
    description: "Account key. Sets (or replaces) the wallet withdrawals of the key's mode go to. Each mode has its own; a live wallet needs a live account key.",
  })
  @ApiSuccess(200, SettlementWalletEnvelope, 'The settlement wallet as registered.')
  @ApiErrors(400)
  async set(@CurrentPrincipal() principal: Principal, @Body() body: SetSettlementWalletDto): Promise<SuccessEnvelope<SettlementWalletView>> {
    const { msisdn, network } = wallet(body.msisdn);
    return { success: true, data: view(await this.wallets.set(principal.merchantId, principal.mode, msisdn, network)) };
  }
}

function view(w: SettlementWallet): SettlementWalletView {
  return { mode: w.mode, msisdn: w.msisdn, network: w.network, created_at: w.createdAt.toISOString(), updated_at: w.updatedAt.toISOString() };
}
