import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { WEBHOOK_EVENT_TYPES } from '@momo/contracts';
import { CreatedRangePageQuery } from '../validation/page.query';

/** `type=a,b` (or the parameter repeated) becomes a list of types. */
const toTypeList = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])) : value;

/** GET /v1/events query: filters, and paging like every list (limit 1-100, default 20; opaque cursor). */
export class ListEventsQuery extends CreatedRangePageQuery {
  @ApiPropertyOptional({
    description: `Only these event types, comma-separated (${WEBHOOK_EVENT_TYPES.join(', ')}).`,
    example: 'payment.succeeded,payment.failed',
    type: String,
  })
  @IsOptional() @Transform(toTypeList) @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: `type must be one or more of ${WEBHOOK_EVENT_TYPES.join(', ')}` })
  type?: string[];

  @ApiPropertyOptional({ format: 'uuid', description: "Account keys: one app's events (app keys always see only their own app's)." })
  @IsOptional() @IsUUID('all', { message: 'app_id must be an app id' })
  app_id?: string;
}
