import { ApiProperty } from '@nestjs/swagger';
import type { EventView } from '@momo/contracts';
import { WEBHOOK_EVENT_TYPES } from '@momo/contracts';
import { PaginationSchema, TransactionSchema } from '../openapi/schemas';

/** OpenAPI shapes of the events endpoints; the event is exactly a webhook's body. */
export class EventSchema implements EventView {
  @ApiProperty({ format: 'uuid', description: 'The event id: the `id` of the webhook body.' }) id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, description: 'New types may be added within /v1: ignore the ones you do not know.' }) type!: string;
  @ApiProperty({ type: String, format: 'date-time', example: '2026-01-01T00:00:00.000Z', description: 'When the status changed.' }) created_at!: string;
  @ApiProperty({ type: TransactionSchema, description: 'The Transaction as it was when the event happened.' }) data!: TransactionSchema;
}

export class EventEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: EventSchema }) data!: EventSchema;
}

export class EventListEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: [EventSchema] }) data!: EventSchema[];
  @ApiProperty({ type: PaginationSchema }) pagination!: PaginationSchema;
}
