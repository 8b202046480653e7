import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One HTTP exchange with an operator, kept for support (secrets removed before saving). */
@Entity('operator_requests')
export class OperatorRequestEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid', { name: 'transaction_id', nullable: true }) transactionId!: string | null;
  @Column('text') network!: string;
  @Column('text') mode!: string;
  @Column('text') operation!: string;
  @Column('text') method!: string;
  @Column('text') url!: string;
  @Column('jsonb', { name: 'request_headers' }) requestHeaders!: Record<string, string>;
  @Column('text', { name: 'request_body', nullable: true }) requestBody!: string | null;
  @Column('integer', { name: 'response_status', nullable: true }) responseStatus!: number | null;
  @Column('text', { name: 'response_body', nullable: true }) responseBody!: string | null;
  @Column('text', { nullable: true }) error!: string | null;
  @Column('integer', { name: 'duration_ms' }) durationMs!: number;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

/** One callback an operator sent us, whatever it contained. */
@Entity('operator_callbacks')
export class OperatorCallbackEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('uuid', { name: 'transaction_id', nullable: true }) transactionId!: string | null;
  @Column('text') network!: string;
  @Column('text') method!: string;
  @Column('text') path!: string;
  @Column('jsonb') headers!: Record<string, string>;
  @Column('text', { nullable: true }) body!: string | null;
  @Column('text', { name: 'remote_address', nullable: true }) remoteAddress!: string | null;
  @Column('text') outcome!: string;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
