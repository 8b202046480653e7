import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

export type DeliveryStatus = 'pending' | 'delivered' | 'abandoned';

/** One event to one app's URL; its body (the exact bytes signed and sent) never changes. */
@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'event_id' }) eventId!: string;
  @Column('uuid', { name: 'app_id' }) appId!: string;
  @Column('uuid', { name: 'transaction_id' }) transactionId!: string;
  @Column('text', { name: 'event_type' }) eventType!: string;
  @Column('text') url!: string;
  @Column('text') body!: string;
  @Column('text') status!: DeliveryStatus;
  @Column('integer', { name: 'attempt_count' }) attemptCount!: number;
  @Column('timestamptz', { name: 'next_attempt_at', nullable: true }) nextAttemptAt!: Date | null;
  @Column('integer', { name: 'last_status_code', nullable: true }) lastStatusCode!: number | null;
  @Column('text', { name: 'last_error', nullable: true }) lastError!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
  @Column('timestamptz', { name: 'delivered_at', nullable: true }) deliveredAt!: Date | null;
}

@Entity('webhook_attempts')
export class WebhookAttemptEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid', { name: 'delivery_id' }) deliveryId!: string;
  @Column('integer', { name: 'attempt_number' }) attemptNumber!: number;
  @Column('timestamptz', { name: 'started_at' }) startedAt!: Date;
  @Column('integer', { name: 'duration_ms' }) durationMs!: number;
  @Column('integer', { name: 'status_code', nullable: true }) statusCode!: number | null;
  @Column('text', { name: 'response_body', nullable: true }) responseBody!: string | null;
  @Column('text', { nullable: true }) error!: string | null;
}
