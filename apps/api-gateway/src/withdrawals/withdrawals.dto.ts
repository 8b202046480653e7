import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_AMOUNT, MIN_AMOUNT } from '@momo/domain';
import { DESCRIPTION_MAX, REFERENCE_MAX } from '../payments/create-payment.dto';
import { IsWalletNumber } from '../validation/validators';

/** PUT /v1/settlement-wallet. */
export class SetSettlementWalletDto {
  @ApiProperty({ example: '0788123456', description: 'The wallet withdrawals go to, as 0788123456, 250788123456 or +250788123456; MTN (078, 079) or Airtel (072, 073).' })
  @IsWalletNumber()
  msisdn!: string;
}

/** POST /v1/withdrawals. */
export class CreateWithdrawalDto {
  @ApiProperty({ type: 'integer', minimum: MIN_AMOUNT, maximum: MAX_AMOUNT, example: 50_000, description: 'Whole RWF to send to the settlement wallet; amount + the payout fee must be available.' })
  @Max(MAX_AMOUNT, { message: `amount must be at most ${MAX_AMOUNT}` })
  @Min(MIN_AMOUNT, { message: `amount must be at least ${MIN_AMOUNT}` })
  @IsInt({ message: 'amount must be an integer number of RWF' })
  amount!: number;

  @ApiPropertyOptional({ maxLength: REFERENCE_MAX })
  @IsOptional() @MaxLength(REFERENCE_MAX) @IsString()
  reference?: string;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX, default: 'Withdrawal to the settlement wallet' })
  @IsOptional() @MaxLength(DESCRIPTION_MAX) @IsString()
  description?: string;
}
