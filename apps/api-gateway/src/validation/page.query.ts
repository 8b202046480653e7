import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Query strings carry text; a limit is a number only if it is all digits. */
const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value);

/** Paging shared by every list: newest (transactions) or oldest (apps) first, `limit` per page. */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20, type: 'integer', description: 'Items per page.' })
  @IsOptional() @Transform(toInteger) @Max(100) @Min(1) @IsInt({ message: 'limit must be an integer from 1 to 100' })
  limit?: number;

  @ApiPropertyOptional({ description: 'The `next_cursor` of the previous page; opaque.' })
  @IsOptional() @MaxLength(512) @IsString()
  cursor?: string;
}

/** Paging plus the creation-time window that the events, deliveries and balance-transaction lists take. */
export class CreatedRangePageQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or after this instant (ISO 8601 with time zone).' })
  @IsOptional() @IsISO8601({ strict: true }, { message: 'created_from must be an ISO 8601 timestamp' })
  created_from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created before this instant.' })
  @IsOptional() @IsISO8601({ strict: true }, { message: 'created_to must be an ISO 8601 timestamp' })
  created_to?: string;
}
