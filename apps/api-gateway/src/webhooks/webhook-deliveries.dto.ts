import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { WEBHOOK_EVENT_TYPES } from '@momo/contracts';
import { CreatedRangePageQuery } from '../validation/page.query';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'abandoned'] as const;

/** GET /v1/webhook-deliveries query: filters, and paging like every list (limit 1-100, default 20; opaque cursor). */
export class ListDeliveriesQuery extends CreatedRangePageQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "One app's deliveries." })
  @IsOptional() @IsUUID('all', { message: 'app_id must be an app id' })
  app_id?: string;

  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional() @IsIn(DELIVERY_STATUSES, { message: `status must be one of ${DELIVERY_STATUSES.join(', ')}` })
  status?: (typeof DELIVERY_STATUSES)[number];

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES })
  @IsOptional() @IsIn(WEBHOOK_EVENT_TYPES, { message: `event_type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` })
  event_type?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The deliveries of one transaction.' })
  @IsOptional() @IsUUID('all', { message: 'transaction_id must be a transaction id' })
  transaction_id?: string;
}

/** POST /v1/apps/:id/webhook-secret/rotate body. */
export class RotateWebhookSecretDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: 7 * 24 * 3600,
    default: 24 * 3600,
    description: 'Seconds the old secret keeps signing beside the new one. 0 retires it at once (a leaked secret).',
  })
  @IsOptional() @IsInt() @Min(0) @Max(7 * 24 * 3600)
  previous_secret_expires_in?: number;
}
