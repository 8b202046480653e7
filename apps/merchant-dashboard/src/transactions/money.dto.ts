import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import type { RefundRequest, TestMoneyRequest } from '@momo/contracts';
import { MAX_AMOUNT, MIN_AMOUNT, parseMsisdn } from '@momo/domain';
import { registerDecorator } from 'class-validator';

export class RefundBodyDto implements RefundRequest {
  @IsOptional()
  @Max(MAX_AMOUNT, { message: `amount must be at most ${MAX_AMOUNT}` })
  @Min(MIN_AMOUNT, { message: `amount must be at least ${MIN_AMOUNT}` })
  @IsInt({ message: 'amount must be an integer number of RWF' })
  amount?: number;

  @IsOptional() @MaxLength(255) @IsString()
  reason?: string;
}

function IsWallet(): PropertyDecorator {
  return (target, property) =>
    registerDecorator({
      name: 'isWallet',
      target: target.constructor,
      propertyName: property as string,
      options: { message: 'msisdn must be an MTN (078, 079) or Airtel (072, 073) number' },
      validator: { validate: (value: unknown) => parseMsisdn(value).ok },
    });
}

export class TestMoneyDto implements TestMoneyRequest {
  @IsIn(['payment', 'payout'])
  kind!: 'payment' | 'payout';

  @IsUUID()
  app_id!: string;

  @Max(MAX_AMOUNT, { message: `amount must be at most ${MAX_AMOUNT}` })
  @Min(MIN_AMOUNT, { message: `amount must be at least ${MIN_AMOUNT}` })
  @IsInt({ message: 'amount must be an integer number of RWF' })
  amount!: number;

  @IsWallet()
  msisdn!: string;

  @IsOptional() @MaxLength(255) @IsString()
  description?: string;
}
