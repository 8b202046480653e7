import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import type { DeliveryQuery, TransactionQuery } from '@momo/contracts';
import { DIRECTIONS, NETWORKS, TRANSACTION_STATUSES } from '@momo/domain';

/** Query strings carry text; a limit is a number only if it is all digits. */
const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value);
/** An empty filter field in the page's form means "any". */
const emptyAsAbsent = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

export class PageQueryDto {
  @IsOptional() @Transform(toInteger) @Max(100) @Min(1) @IsInt({ message: 'limit must be an integer from 1 to 100' })
  limit?: number;

  @IsOptional() @MaxLength(512) @IsString()
  cursor?: string;
}

export class TransactionQueryDto extends PageQueryDto implements TransactionQuery {
  @IsOptional() @Transform(emptyAsAbsent) @IsIn(TRANSACTION_STATUSES)
  status?: TransactionQuery['status'];

  @IsOptional() @Transform(emptyAsAbsent) @IsIn(DIRECTIONS)
  direction?: TransactionQuery['direction'];

  @IsOptional() @Transform(emptyAsAbsent) @IsIn(NETWORKS)
  network?: TransactionQuery['network'];

  @IsOptional() @Transform(emptyAsAbsent) @IsUUID()
  app_id?: string;

  @IsOptional() @Transform(emptyAsAbsent) @IsISO8601({ strict: true }, { message: 'created_from must be an ISO 8601 date or date-time' })
  created_from?: string;

  @IsOptional() @Transform(emptyAsAbsent) @IsISO8601({ strict: true }, { message: 'created_to must be an ISO 8601 date or date-time' })
  created_to?: string;

  @IsOptional() @Transform(emptyAsAbsent) @MaxLength(100) @IsString()
  q?: string;
}

export class DeliveryQueryDto extends PageQueryDto implements DeliveryQuery {
  @IsOptional() @Transform(emptyAsAbsent) @IsIn(['pending', 'delivered', 'abandoned'])
  status?: DeliveryQuery['status'];

  @IsOptional() @Transform(emptyAsAbsent) @MaxLength(100) @IsString()
  event_type?: string;

  @IsOptional() @Transform(emptyAsAbsent) @IsISO8601({ strict: true })
  created_from?: string;

  @IsOptional() @Transform(emptyAsAbsent) @IsISO8601({ strict: true })
  created_to?: string;
}
