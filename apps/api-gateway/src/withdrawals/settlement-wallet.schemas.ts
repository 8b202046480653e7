import { ApiProperty } from '@nestjs/swagger';
import { Mode, MODES } from '@momo/domain';

export interface SettlementWalletView {
  mode: Mode;
  msisdn: string;
  network: 'mtn' | 'airtel';
  created_at: string;
  updated_at: string;
}

export class SettlementWalletSchema implements SettlementWalletView {
  @ApiProperty({ enum: MODES }) mode!: Mode;
  @ApiProperty({ example: '250788123456' }) msisdn!: string;
  @ApiProperty({ enum: ['mtn', 'airtel'] }) network!: 'mtn' | 'airtel';
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class SettlementWalletEnvelope {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: SettlementWalletSchema }) data!: SettlementWalletSchema;
}
