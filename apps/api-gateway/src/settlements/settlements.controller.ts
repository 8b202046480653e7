import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ListEnvelope, SettledTransactionView, SettlementView, SuccessEnvelope } from '@momo/contracts';
import { SettlementReadsRepository } from '@momo/data';
import { ApiError } from '@momo/platform';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { isUuid } from '@momo/money-requests';
import { ApiAuthenticated, ApiErrors, ApiSuccess } from '../openapi/decorators';
import { idCursor, settlementCursor } from './settlement-cursors';
import { SettledTransactionListEnvelope, SettlementEnvelope, SettlementListEnvelope } from './settlement.schemas';
import { toSettledTransactionView, toSettlementView } from './settlement.views';
import { ListSettledTransactionsQuery, ListSettlementsQuery } from './settlements.dto';

/** The merchant's settlements in the key's mode (docs/settlement.md); account and app keys alike, like the balance. */
@ApiTags('settlement')
@Controller('v1/settlements')
@UseGuards(ApiKeyGuard)
@ApiAuthenticated()
export class SettlementsController {
  constructor(private readonly settlements: SettlementReadsRepository) {}

  @Get()
  @RequiresKey('account', 'app')
  @ApiOperation({ summary: 'List settlements', description: 'Newest period first, in the key’s mode, with cursor paging. A settlement moves the net of succeeded cash ins from pending to available balance.' })
  @ApiSuccess(200, SettlementListEnvelope, 'One page of settlements.')
  @ApiErrors(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListSettlementsQuery): Promise<ListEnvelope<SettlementView>> {
    const limit = query.limit ?? 20;
    const rows = await this.settlements.list(principal.merchantId, principal.mode, limit + 1, settlementCursor.decode(query.cursor));
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const hasMore = rows.length > limit;
    return { success: true, data: page.map(toSettlementView), pagination: { limit, has_more: hasMore, next_cursor: hasMore ? settlementCursor.encode(last.periodEnd, last.id) : null } };
  }

  @Get(':id')
  @RequiresKey('account', 'app')
  @ApiOperation({ summary: 'Read a settlement', description: 'Its period, count, gross, fees and net. The cash ins it covers: GET /v1/settlements/:id/transactions.' })
  @ApiSuccess(200, SettlementEnvelope, 'The settlement.')
  @ApiErrors(404)
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<SuccessEnvelope<SettlementView>> {
    return { success: true, data: toSettlementView(await this.find(principal, id)) };
  }

  @Get(':id/transactions')
  @RequiresKey('account', 'app')
  @ApiOperation({ summary: 'List the cash ins a settlement covers', description: 'By id, with cursor paging.' })
  @ApiSuccess(200, SettledTransactionListEnvelope, 'One page of covered cash ins.')
  @ApiErrors(400, 404)
  async transactions(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query() query: ListSettledTransactionsQuery): Promise<ListEnvelope<SettledTransactionView>> {
    const settlement = await this.find(principal, id);
    const limit = query.limit ?? 20;
    const rows = await this.settlements.covered(settlement.id, limit + 1, idCursor.decode(query.cursor));
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return { success: true, data: page.map(toSettledTransactionView), pagination: { limit, has_more: hasMore, next_cursor: hasMore ? idCursor.encode(page[page.length - 1].id) : null } };
  }

  private async find(principal: Principal, id: string) {
    const settlement = isUuid(id) ? await this.settlements.find(id, principal.merchantId, principal.mode) : null;
    if (!settlement) throw ApiError.of('NOT_FOUND');
    return settlement;
  }
}
