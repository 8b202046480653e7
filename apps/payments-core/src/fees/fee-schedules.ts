import { Injectable } from '@nestjs/common';
import { MerchantsRepository } from '@momo/data';
import { computeFee, DEFAULT_FEE_SCHEDULE, Direction } from '@momo/domain';

/** The fee for a transaction: the merchant's negotiated schedule, or the documented defaults. */
@Injectable()
export class FeeSchedules {
  constructor(private readonly merchants: MerchantsRepository) {}

  async feeFor(merchantId: string, direction: Direction, amount: number): Promise<number> {
    const merchant = await this.merchants.findMerchant(merchantId);
    const rule = merchant?.feeSchedule?.[direction] ?? DEFAULT_FEE_SCHEDULE[direction];
    return computeFee(amount, rule);
  }
}
