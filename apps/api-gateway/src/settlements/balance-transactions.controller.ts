import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { BalanceTransactionView, ListEnvelope } from '@momo/contracts';
import { BalanceTransactionsRepository } from '@momo/data';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { ApiAuthenticated, ApiErrors, ApiSuccess } from '../openapi/decorators';
import { journalCursor } from './settlement-cursors';
import { BalanceTransactionListEnvelope } from './settlement.schemas';
import { toBalanceTransactionView } from './settlement.views';
import { ListBalanceTransactionsQuery } from './settlements.dto';

/** Every movement of the merchant's balances, from the ledger (docs/settlement.md). */
@ApiTags('settlement')
@Controller('v1/balance-transactions')
@UseGuards(ApiKeyGuard)
@ApiAuthenticated()
export class BalanceTransactionsController {
  constructor(private readonly movements: BalanceTransactionsRepository) {}

  @Get()
  @RequiresKey('account', 'app')
  @ApiOperation({
    summary: 'List balance transactions',
    description:
      'Every ledger movement of the merchant’s pending, available and reserved balances in the key’s mode, newest first: its type, the source transaction’s amount and fee, the change of each balance and of the total (`net`), the balances after it, and the transaction or settlement it came from. Filter by `type` and by date; cursor paging.',
  })
  @ApiSuccess(200, BalanceTransactionListEnvelope, 'One page of movements.')
  @ApiErrors(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListBalanceTransactionsQuery): Promise<ListEnvelope<BalanceTransactionView>> {
    const limit = query.limit ?? 20;
    const rows = await this.movements.list(
      {
        merchantId: principal.merchantId,
        mode: principal.mode,
        type: query.type,
        createdFrom: query.created_from ? new Date(query.created_from) : undefined,
        createdTo: query.created_to ? new Date(query.created_to) : undefined,
      },
      limit + 1,
      journalCursor.decode(query.cursor),
    );
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return { success: true, data: page.map(toBalanceTransactionView), pagination: { limit, has_more: hasMore, next_cursor: hasMore ? journalCursor.encode(page[page.length - 1].id) : null } };
  }
}
