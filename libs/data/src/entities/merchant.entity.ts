import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { FeeSchedule } from '@momo/domain';

export type MerchantStatus = 'active' | 'suspended';

@Entity('merchants')
export class MerchantEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text') name!: string;
  @Column('boolean', { name: 'business_verified' }) businessVerified!: boolean;
  @Column('text') status!: MerchantStatus;
  @Column('integer', { name: 'reads_per_minute', nullable: true }) readsPerMinute!: number | null;
  @Column('integer', { name: 'writes_per_minute', nullable: true }) writesPerMinute!: number | null;
  @Column('jsonb', { name: 'fee_schedule', nullable: true }) feeSchedule!: FeeSchedule | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
