import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { StatementView, SuccessEnvelope } from '@momo/contracts';
import { BalanceTransactionsRepository } from '@momo/data';
import { ApiError } from '@momo/platform';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import { RequiresKey } from '../auth/key-kind.decorator';
import { Principal } from '../auth/principal';
import { ApiAuthenticated, ApiErrors, ApiSuccess } from '../openapi/decorators';
import { statementCsv } from './statement-csv';
import { StatementEnvelope } from './settlement.schemas';
import { toStatementView } from './settlement.views';
import { STATEMENT_MAX_DAYS, StatementQuery } from './settlements.dto';

/** Statements for a date range, as JSON or CSV (docs/settlement.md). */
@ApiTags('settlement')
@Controller('v1/statements')
@UseGuards(ApiKeyGuard)
@ApiAuthenticated()
export class StatementsController {
  constructor(private readonly movements: BalanceTransactionsRepository) {}

  @Get()
  @RequiresKey('account', 'app')
  @ApiProduces('application/json', 'text/csv')
  @ApiOperation({
    summary: 'Export a statement',
    description: `The balances at \`from\`, every movement in [from, to) oldest first, and the balances at \`to\`, read in one snapshot: opening + the movements' net = closing, for each balance and in total. \`format=csv\` answers the same as text/csv (an opening_balance row, the movements, a closing_balance row). At most ${STATEMENT_MAX_DAYS} days.`,
  })
  @ApiSuccess(200, StatementEnvelope, 'The statement (JSON), or the same as CSV.')
  @ApiErrors(400)
  async get(@CurrentPrincipal() principal: Principal, @Query() query: StatementQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<SuccessEnvelope<StatementView> | string> {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (to <= from) throw new ApiError('VALIDATION_FAILED', undefined, { fields: { to: ['to must be after from'] } });
    if (to.getTime() - from.getTime() > STATEMENT_MAX_DAYS * 86_400_000) {
      throw new ApiError('VALIDATION_FAILED', undefined, { fields: { to: [`the range may span at most ${STATEMENT_MAX_DAYS} days`] } });
    }
    const statement = toStatementView(principal.mode, await this.movements.statement(principal.merchantId, principal.mode, from, to));
    if (query.format !== 'csv') return { success: true, data: statement };
    void reply.header('content-type', 'text/csv; charset=utf-8');
    void reply.header('content-disposition', `attachment; filename="statement-${principal.mode}-${query.from.slice(0, 10)}-${query.to.slice(0, 10)}.csv"`);
    return statementCsv(statement);
  }
}
