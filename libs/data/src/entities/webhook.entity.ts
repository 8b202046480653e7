import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { Mode } from '@momo/domain';

export type DeliveryStatus = 'pending' | 'delivered' | 'abandoned';
export type AttemptTrigger = 'schedule' | 'replay';

/** One event to one app's URL; its body (the exact bytes signed and sent) never changes. */
@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'event_id' }) eventId!: string;
  @Column('uuid', { name: 'app_id' }) appId!: string;
  @Column('uuid', { name: 'transaction_id' }) transactionId!: string;
  @Column('text') mode!: Mode;
  @Column('text', { name: 'event_type' }) eventType!: string;
  /** The URL of the latest attempt (the app's URL is read again at every attempt). */
  @Column('text') url!: string;
  @Column('text') body!: string;
  @Column('text') status!: DeliveryStatus;
  @Column('integer', { name: 'attempt_count' }) attemptCount!: number;
  /** Attempts made before the current round; a manual replay starts a new round. */
  @Column('integer', { name: 'round_started_after' }) roundStartedAfter!: number;
  @Column('integer', { name: 'replay_count' }) replayCount!: number;
  /** Set while one worker is making an attempt; an expired lease means that worker is gone. */
  @Column('timestamptz', { name: 'lease_until', nullable: true }) leaseUntil!: Date | null;
  @Column('timestamptz', { name: 'next_attempt_at', nullable: true }) nextAttemptAt!: Date | null;
  @Column('timestamptz', { name: 'last_attempt_at', nullable: true }) lastAttemptAt!: Date | null;
  @Column('integer', { name: 'last_status_code', nullable: true }) lastStatusCode!: number | null;
  @Column('text', { name: 'last_error', nullable: true }) lastError!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
  @Column('timestamptz', { name: 'delivered_at', nullable: true }) deliveredAt!: Date | null;
  /** The request id of the transaction's creating request: sent with every attempt as X-Service-Request-Id. */
  @Column('text', { name: 'request_id', nullable: true }) requestId!: string | null;
}

@Entity('webhook_attempts')
export class WebhookAttemptEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid', { name: 'delivery_id' }) deliveryId!: string;
  @Column('integer', { name: 'attempt_number' }) attemptNumber!: number;
  @Column('text', { nullable: true }) url!: string | null;
  @Column('text') trigger!: AttemptTrigger;
  @Column('timestamptz', { name: 'started_at' }) startedAt!: Date;
  @Column('integer', { name: 'duration_ms' }) durationMs!: number;
  @Column('integer', { name: 'status_code', nullable: true }) statusCode!: number | null;
  @Column('text', { name: 'response_body', nullable: true }) responseBody!: string | null;
  @Column('text', { nullable: true }) error!: string | null;
}
