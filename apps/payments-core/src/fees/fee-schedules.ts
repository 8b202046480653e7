import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MerchantsRepository } from '@momo/data';
import { computeFee, DEFAULT_FEE_SCHEDULE, Direction } from '@momo/domain';

/** The fee for a transaction: the merchant's negotiated schedule, or the documented defaults. */
@Injectable()
export class FeeSchedules {
  constructor(private readonly merchants: MerchantsRepository) {}

  /** Inside a caller's transaction, pass its manager: a second pooled connection could deadlock a small pool. */
  async feeFor(merchantId: string, direction: Direction, amount: number, em?: EntityManager): Promise<number> {
    const schedule = await this.merchants.feeScheduleOf(merchantId, em);
    const rule = schedule?.[direction] ?? DEFAULT_FEE_SCHEDULE[direction];
    return computeFee(amount, rule);
  }
}
