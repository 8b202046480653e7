import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TransactionView, WebhookEventType } from '@momo/contracts';

/** A domain event written in the same Postgres transaction as the change it announces. */
@Entity('outbox_events')
export class OutboxEventEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { name: 'event_type' }) eventType!: WebhookEventType;
  @Column('uuid', { name: 'transaction_id' }) transactionId!: string;
  @Column('uuid', { name: 'app_id' }) appId!: string;
  /** The Transaction as it was when the event happened: the webhook's `data`. */
  @Column('json') payload!: TransactionView;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'published_at', nullable: true }) publishedAt!: Date | null;
  /** The batch job that carried it to the webhook-events queue (null: published alone, by an earlier release). */
  @Column('text', { name: 'published_job', nullable: true }) publishedJob!: string | null;
}
