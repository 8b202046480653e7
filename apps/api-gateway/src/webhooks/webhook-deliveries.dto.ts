import { IsIn, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { EVENT_TYPES } from '@momo/data';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'abandoned'] as const;

/** GET /v1/webhook-deliveries query: filters and paging (limit 1-100, default 20; opaque cursor). */
export class ListDeliveriesQuery {
  @IsOptional() @IsUUID('all', { message: 'app_id must be an app id' })
  app_id?: string;

  @IsOptional() @IsIn(DELIVERY_STATUSES, { message: `status must be one of ${DELIVERY_STATUSES.join(', ')}` })
  status?: (typeof DELIVERY_STATUSES)[number];

  @IsOptional() @IsIn(EVENT_TYPES, { message: `event_type must be one of ${EVENT_TYPES.join(', ')}` })
  event_type?: string;

  @IsOptional() @IsUUID('all', { message: 'transaction_id must be a transaction id' })
  transaction_id?: string;

  @IsOptional() @IsISO8601({ strict: true }, { message: 'created_from must be an ISO 8601 timestamp' })
  created_from?: string;

  @IsOptional() @IsISO8601({ strict: true }, { message: 'created_to must be an ISO 8601 timestamp' })
  created_to?: string;

  @IsOptional() @Matches(/^(100|[1-9][0-9]?)$/, { message: 'limit must be an integer from 1 to 100' })
  limit?: string;

  @IsOptional() @IsString() @MaxLength(200)
  cursor?: string;
}

/** POST /v1/apps/:id/webhook-secret/rotate body. */
export class RotateWebhookSecretDto {
  /**
   * How long the old secret keeps signing next to the new one, in seconds: 0 to 7 days,
   * default 24 hours. 0 retires it at once.
   */
  @IsOptional() @IsInt() @Min(0) @Max(7 * 24 * 3600)
  previous_secret_expires_in?: number;
}
