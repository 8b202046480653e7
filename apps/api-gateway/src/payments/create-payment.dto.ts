import { Equals, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_AMOUNT, MIN_AMOUNT } from '@momo/domain';
import { IsStringMap, IsWalletNumber } from '../validation/validators';

export const METADATA_LIMITS = { maxKeys: 20, maxKeyLength: 40, maxValueLength: 500 };

/** POST /v1/payments: ask a customer to approve a payment on their wallet. */
export class CreatePaymentDto {
  @IsInt({ message: 'amount must be an integer number of RWF' })
  @Min(MIN_AMOUNT, { message: `amount must be at least ${MIN_AMOUNT}` })
  @Max(MAX_AMOUNT, { message: `amount must be at most ${MAX_AMOUNT}` })
  amount!: number;

  @IsOptional()
  @Equals('RWF', { message: 'currency must be RWF' })
  currency?: 'RWF';

  @IsWalletNumber()
  msisdn!: string;

  @IsOptional() @IsString() @MaxLength(255)
  description?: string;

  @IsOptional() @IsString() @MaxLength(100)
  reference?: string;

  @IsOptional() @IsStringMap(METADATA_LIMITS)
  metadata?: Record<string, string>;
}
