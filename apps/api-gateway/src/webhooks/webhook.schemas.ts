import { ApiProperty } from '@nestjs/swagger';
import { WEBHOOK_EVENT_TYPES } from '@momo/contracts';
import { MODES } from '@momo/domain';
import { PaginationSchema } from '../openapi/schemas';
import { DELIVERY_STATUSES } from './webhook-deliveries.dto';
import type { RotatedSecretView } from './webhook-secrets.controller';
import type { WebhookAttemptView, WebhookDeliveryDetailView, WebhookDeliveryView } from '@momo/contracts';

/** OpenAPI shapes of the webhook endpoints; each implements the view type it documents. */

const timestamp = { type: String, format: 'date-time', example: '2026-01-01T00:00:00.000Z' };
const uuid = { type: String, format: 'uuid' };

export class WebhookDeliverySchema implements WebhookDeliveryView {
  @ApiProperty({ ...uuid, description: 'Sent as X-Service-Delivery; the same on every attempt and replay.' }) id!: string;
  @ApiProperty(uuid) app_id!: string;
  @ApiProperty(uuid) event_id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES }) event_type!: string;
  @ApiProperty(uuid) transaction_id!: string;
  @ApiProperty({ enum: MODES }) mode!: 'test' | 'live';
  @ApiProperty({ description: 'The URL of the latest attempt.' }) url!: string;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status!: 'pending' | 'delivered' | 'abandoned';
  @ApiProperty({ type: 'integer', minimum: 0 }) attempt_count!: number;
  @ApiProperty({ ...timestamp, nullable: true, description: 'When the next attempt is due; null unless pending.' }) next_attempt_at!: string | null;
  @ApiProperty({ ...timestamp, nullable: true }) last_attempt_at!: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) last_status_code!: number | null;
  @ApiProperty({ type: String, nullable: true }) last_error!: string | null;
  @ApiProperty({ ...timestamp, nullable: true }) delivered_at!: string | null;
  @ApiProperty(timestamp) created_at!: string;
  @ApiProperty(timestamp) updated_at!: string;
}

export class WebhookAttemptSchema implements WebhookAttemptView {
  @ApiProperty({ type: 'integer', minimum: 1 }) number!: number;
  @ApiProperty({ enum: ['schedule', 'replay'] }) trigger!: 'schedule' | 'replay';
  @ApiProperty({ type: String, nullable: true }) url!: string | null;
  @ApiProperty(timestamp) started_at!: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) duration_ms!: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null when no HTTP answer came back.' }) status_code!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'The first 4096 bytes of the answer.' }) response_body!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'timeout' }) error!: string | null;
}

export class WebhookDeliveryDetailSchema extends WebhookDeliverySchema implements WebhookDeliveryDetailView {
  @ApiProperty({ description: 'The exact body sent (and signed).' }) request_body!: string;
  @ApiProperty({ type: [WebhookAttemptSchema] }) attempts!: WebhookAttemptSchema[];
}

export class WebhookDeliveryEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: WebhookDeliverySchema }) data!: WebhookDeliverySchema;
}

export class WebhookDeliveryDetailEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: WebhookDeliveryDetailSchema }) data!: WebhookDeliveryDetailSchema;
}

export class WebhookDeliveryListEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: [WebhookDeliverySchema] }) data!: WebhookDeliverySchema[];
  @ApiProperty({ type: PaginationSchema }) pagination!: PaginationSchema;
}

export class RotatedSecretSchema implements RotatedSecretView {
  @ApiProperty(uuid) app_id!: string;
  @ApiProperty({ enum: MODES, description: "The mode whose secret was rotated: the calling key's. The other mode's secret is unchanged." }) mode!: 'test' | 'live';
  @ApiProperty({ example: 'whsec_…', description: 'The new secret; shown only in this response.' }) webhook_secret!: string;
  @ApiProperty({ ...timestamp, description: 'Until then deliveries carry two v1 signatures, one per secret.' }) previous_secret_expires_at!: string;
}

export class RotatedSecretEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: RotatedSecretSchema }) data!: RotatedSecretSchema;
}
