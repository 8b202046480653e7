import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_AMOUNT, MIN_AMOUNT } from '@momo/domain';
import { DESCRIPTION_MAX } from './create-payment.dto';

/** POST /v1/payments/:id/refund. An empty body refunds the whole payment. */
export class RefundDto {
  @ApiPropertyOptional({ description: 'Whole RWF to refund; defaults to the whole payment, may not exceed it.', minimum: MIN_AMOUNT, type: 'integer', example: 2500 })
  @IsOptional()
  @Max(MAX_AMOUNT, { message: `amount must be at most ${MAX_AMOUNT}` })
  @Min(MIN_AMOUNT, { message: `amount must be at least ${MIN_AMOUNT}` })
  @IsInt({ message: 'amount must be an integer number of RWF' })
  amount?: number;

  @ApiPropertyOptional({ maxLength: DESCRIPTION_MAX, description: "Why; becomes the refund's description.", example: 'Customer returned the item' })
  @IsOptional() @MaxLength(DESCRIPTION_MAX) @IsString()
  reason?: string;
}
