import { Column, Entity, PrimaryColumn } from 'typeorm';
import type {
  Direction,
  InitiatedBy,
  InitiationState,
  Mode,
  Network,
  Provider,
  TransactionStatus,
} from '@momo/domain';
import { bigintAsNumber } from './column-types';

@Entity('transactions')
export class TransactionEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'merchant_id' }) merchantId!: string;
  @Column('uuid', { name: 'app_id' }) appId!: string;
  @Column('text') mode!: Mode;
  @Column('text') direction!: Direction;
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('text') currency!: 'RWF';
  @Column('bigint', { transformer: bigintAsNumber }) fee!: number;
  @Column('text') msisdn!: string;
  @Column('text') description!: string;
  @Column('text') reference!: string;
  @Column('jsonb') metadata!: Record<string, string>;
  @Column('text') status!: TransactionStatus;
  @Column('text', { name: 'failure_code', nullable: true }) failureCode!: string | null;
  @Column('text', { name: 'failure_message', nullable: true }) failureMessage!: string | null;
  @Column('text') network!: Network;
  @Column('text') provider!: Provider;
  @Column('text', { name: 'provider_ref' }) providerRef!: string;
  @Column('text', { name: 'initiated_by' }) initiatedBy!: InitiatedBy;
  @Column('uuid', { name: 'reverses_payment_id', nullable: true }) reversesPaymentId!: string | null;
  @Column('text', { name: 'initiation_state' }) initiationState!: InitiationState;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
  @Column('timestamptz', { name: 'completed_at', nullable: true }) completedAt!: Date | null;
  @Column('timestamptz', { name: 'settled_at', nullable: true }) settledAt!: Date | null;
  /** The request that created it, and its trace: later work on it continues under them. */
  @Column('text', { name: 'request_id', nullable: true }) requestId!: string | null;
  @Column('text', { nullable: true }) traceparent!: string | null;
  /** The settlement that released this cash in; null before, and when its refund released it early. */
  @Column('uuid', { name: 'settlement_id', nullable: true }) settlementId!: string | null;
  /** A payout to the merchant's own settlement wallet (POST /v1/withdrawals). */
  @Column('boolean') withdrawal!: boolean;
}
