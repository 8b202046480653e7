import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional } from 'class-validator';
import { BALANCE_TRANSACTION_TYPES, BalanceTransactionType } from '@momo/data';
import { CreatedRangePageQuery, PageQuery } from '../validation/page.query';

/** GET /v1/settlements: newest period first. */
export class ListSettlementsQuery extends PageQuery {}

/** GET /v1/settlements/:id/transactions. */
export class ListSettledTransactionsQuery extends PageQuery {}

/** GET /v1/balance-transactions filters. */
export class ListBalanceTransactionsQuery extends CreatedRangePageQuery {
  @ApiPropertyOptional({ enum: BALANCE_TRANSACTION_TYPES })
  @IsOptional() @IsIn(BALANCE_TRANSACTION_TYPES, { message: `type must be one of ${BALANCE_TRANSACTION_TYPES.join(', ')}` })
  type?: BalanceTransactionType;
}

export const STATEMENT_FORMATS = ['json', 'csv'] as const;

/** GET /v1/statements: a date range of at most STATEMENT_MAX_DAYS days. */
export class StatementQuery {
  @ApiProperty({ format: 'date-time', description: 'Start of the range, inclusive (ISO 8601 with time zone).' })
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 timestamp' })
  from!: string;

  @ApiProperty({ format: 'date-time', description: 'End of the range, exclusive.' })
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 timestamp' })
  to!: string;

  @ApiPropertyOptional({ enum: STATEMENT_FORMATS, default: 'json' })
  @IsOptional() @IsIn(STATEMENT_FORMATS, { message: 'format must be json or csv' })
  format?: (typeof STATEMENT_FORMATS)[number];
}

export const STATEMENT_MAX_DAYS = 93;
