import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { DIRECTIONS, Direction, TRANSACTION_STATUSES, TransactionStatus } from '@momo/domain';
import { PageQuery } from '../validation/page.query';
import { IsWalletNumber } from '../validation/validators';
import { REFERENCE_MAX } from './create-payment.dto';

/** GET /v1/payments filters (contract: status, direction, reference, msisdn, created_from, created_to). */
export class ListPaymentsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: TRANSACTION_STATUSES })
  @IsOptional() @IsIn(TRANSACTION_STATUSES)
  status?: TransactionStatus;

  @ApiPropertyOptional({ enum: DIRECTIONS })
  @IsOptional() @IsIn(DIRECTIONS)
  direction?: Direction;

  @ApiPropertyOptional({ maxLength: REFERENCE_MAX, description: 'Exact match on your reference.' })
  @IsOptional() @MaxLength(REFERENCE_MAX) @IsString()
  reference?: string;

  @ApiPropertyOptional({ description: 'Wallet number in any accepted spelling.', example: '0788123456' })
  @IsOptional() @IsWalletNumber()
  msisdn?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or after this instant (ISO 8601 with time zone).' })
  @IsOptional() @IsISO8601({ strict: true, strictSeparator: true }, { message: 'created_from must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z' })
  created_from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created before this instant (ISO 8601 with time zone).' })
  @IsOptional() @IsISO8601({ strict: true, strictSeparator: true }, { message: 'created_to must be an ISO 8601 date-time, e.g. 2026-02-01T00:00:00Z' })
  created_to?: string;
}
