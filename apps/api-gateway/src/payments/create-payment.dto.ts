import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_AMOUNT, MIN_AMOUNT } from '@momo/domain';
import { IsStringMap, IsWalletNumber } from '../validation/validators';

export const METADATA_LIMITS = { maxKeys: 20, maxKeyLength: 40, maxValueLength: 500 };
export const DESCRIPTION_MAX = 255;
export const REFERENCE_MAX = 100;

/** The body shared by cash in and cash out: how much, to or from which wallet, and the merchant's labels. */
export class MoneyMovementDto {
  @ApiProperty({ description: `Whole RWF (minor units), at least ${MIN_AMOUNT}.`, minimum: MIN_AMOUNT, maximum: MAX_AMOUNT, example: 2500, type: 'integer' })
  // class-validator checks the decorator nearest the property first: the type before the range.
  @Max(MAX_AMOUNT, { message: `amount must be at most ${MAX_AMOUNT}` })
  @Min(MIN_AMOUNT, { message: `amount must be at least ${MIN_AMOUNT}` })
  @IsInt({ message: 'amount must be an integer number of RWF' })
  amount!: number;

  @ApiPropertyOptional({ enum: ['RWF'], description: 'Always RWF; may be omitted.' })
  @IsOptional()
  @Equals('RWF', { message: 'currency must be RWF' })
  currency?: 'RWF';

  @ApiProperty({
    description: 'Wallet number as 0788123456, 250788123456 or +250788123456; MTN (078, 079) or Airtel (072, 073). Returned as 250788123456.',
    example: '0788123456',
  })
  @IsWalletNumber()
  msisdn!: string;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX, description: 'Free text; the start of it is shown to the customer by the network.', example: 'Order 1001' })
  @IsOptional() @MaxLength(DESCRIPTION_MAX) @IsString()
  description?: string;

  @ApiPropertyOptional({ maxLength: REFERENCE_MAX, description: "Your own reference; GET /v1/payments can filter on it.", example: 'order-1001' })
  @IsOptional() @MaxLength(REFERENCE_MAX) @IsString()
  reference?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: METADATA_LIMITS.maxValueLength },
    maxProperties: METADATA_LIMITS.maxKeys,
    description: `Up to ${METADATA_LIMITS.maxKeys} string keys (1-${METADATA_LIMITS.maxKeyLength} characters) to string values (up to ${METADATA_LIMITS.maxValueLength}); returned as given.`,
    example: { cart: '77' },
  })
  @IsOptional() @IsStringMap(METADATA_LIMITS)
  metadata?: Record<string, string>;
}

/** POST /v1/payments: ask a customer to approve a payment on their wallet. */
export class CreatePaymentDto extends MoneyMovementDto {}

/** POST /v1/payouts: send money from the merchant's balance to a wallet. */
export class CreatePayoutDto extends MoneyMovementDto {}
